"""Learning environments for every registered game, built on the protocol: a PettingZoo AEC
environment (``aec_env``) and a Gymnasium single-agent environment against Farmstead agents
(``single_agent_env``). Both observe ``State.observation_tensor`` and mask with
``legal_actions()``; a game needs nothing else to be learnable.
"""

from farmstead.envs.aec import FarmsteadAECEnv, aec_env
from farmstead.envs.single import FarmsteadSingleAgentEnv, gymnasium_id, single_agent_env

__all__ = [
    "FarmsteadAECEnv",
    "FarmsteadSingleAgentEnv",
    "aec_env",
    "gymnasium_id",
    "single_agent_env",
]
