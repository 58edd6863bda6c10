//! Tandem's experiments as library code. The CLI (`tandem eval ...`) parses
//! options and prints; what an experiment runs, measures and writes lives here.
//!
//! - [`gallium`]: Gallium's evaluation (§6.3), live, with real TCP.
//! - [`tcpload`]: the real-TCP load generator it runs.

pub mod gallium;
pub mod tcpload;
