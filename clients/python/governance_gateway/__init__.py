"""governance-gateway client: the gateway's runtime API for agents (standard library only).

Adapters for agent frameworks live in ``governance_gateway.adapters`` and import no framework."""

from .client import AsyncGovernanceClient, GovernanceClient, as_output_object
from .errors import AuthError, BlockedError, GatewayError, RateLimitError, UnavailableError, ValidationError, VersionError
from .transport import retry_after_seconds
from .version import SDK_VERSION

__all__ = [
    "AsyncGovernanceClient", "GovernanceClient", "as_output_object",
    "AuthError", "BlockedError", "GatewayError", "RateLimitError", "UnavailableError", "ValidationError", "VersionError",
    "retry_after_seconds", "SDK_VERSION",
]
