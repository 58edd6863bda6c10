//! Gallium compiler: passes over the NF IR that partition a program into switch pre-processing, server and switch post-processing.
