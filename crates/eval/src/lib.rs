//! Tandem's experiments as library code. The CLI (`tandem eval ...`) parses
//! options and prints; what an experiment runs, measures and writes lives here.

pub mod flow_setup;
