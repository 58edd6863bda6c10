//! Packet traces: pcap/pcapng reading and writing, and seeded workload generators.
