//! Packet formats: zero-copy header views, parse/emit representations, checksums and flow keys.
