//! PayloadPark: the switch parks payloads of packets bound for header-only NFs and re-attaches them on return.
