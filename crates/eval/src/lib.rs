//! Tandem's experiments as library code. The CLI (`tandem eval ...`) parses
//! options and prints; what an experiment runs, measures and writes lives here.
//!
//! - [`flow_setup`]: how fast new flows are admitted, with and without a SYN
//!   flood (`tandem eval flow-setup`).
//! - [`gallium`]: Gallium's evaluation (§6.3), live, with real TCP.
//! - [`tcpload`]: the real-TCP load generator it runs.

pub mod flow_setup;
pub mod gallium;
pub mod tcpload;
