//! CoMb controller: specs, hyperapps, LP models, network-wide assignment of NF work.
