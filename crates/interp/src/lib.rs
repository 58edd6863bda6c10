//! Reference interpreter: the meaning of every NF program, one packet at a time, time passed in.
