"""This library's version, sent as ``sdk_version`` (a gateway may refuse an older one with 426)."""

SDK_VERSION = "0.1.0"
