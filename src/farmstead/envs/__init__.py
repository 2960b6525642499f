"""Learning environments for every registered game, built on the protocol: a PettingZoo AEC
environment (``aec_env``) and a Gymnasium single-agent environment against Farmstead agents
(``single_agent_env``), and many single-agent copies as one Gymnasium ``VectorEnv``
(``vector_env``). All observe ``State.observation_tensor`` and mask with ``legal_actions()``;
a game needs nothing else to be learnable.
"""

from farmstead.envs.aec import FarmsteadAECEnv, aec_env
from farmstead.envs.single import FarmsteadSingleAgentEnv, gymnasium_id, single_agent_env
from farmstead.envs.vector import FarmsteadVectorEnv, vector_env

__all__ = [
    "FarmsteadAECEnv",
    "FarmsteadSingleAgentEnv",
    "FarmsteadVectorEnv",
    "aec_env",
    "gymnasium_id",
    "single_agent_env",
    "vector_env",
]
