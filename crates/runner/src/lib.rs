//! Drives network functions over traffic: pcap inputs merged by time or closed-loop generated workloads, per-port outputs, run summaries.
