"""Learning environments for every registered game, built on the protocol: a PettingZoo AEC
environment (``aec_env``), a Gymnasium single-agent environment against Farmstead agents
(``single_agent_env``), many single-agent copies as one Gymnasium ``VectorEnv``
(``vector_env``), and a game's batched NumPy engine behind the same interface
(``batched_env``, for the games that have one). All observe ``State.observation_tensor``
(the batched engines: the same tensors, bit for bit) and mask with ``legal_actions()``; a game
needs nothing else to be learnable.
"""

from farmstead.envs.aec import FarmsteadAECEnv, aec_env
from farmstead.envs.batched import BatchedVectorEnv, batched_env
from farmstead.envs.single import FarmsteadSingleAgentEnv, gymnasium_id, single_agent_env
from farmstead.envs.vector import FarmsteadVectorEnv, vector_env

__all__ = [
    "BatchedVectorEnv",
    "FarmsteadAECEnv",
    "FarmsteadSingleAgentEnv",
    "FarmsteadVectorEnv",
    "aec_env",
    "batched_env",
    "gymnasium_id",
    "single_agent_env",
    "vector_env",
]
