//! Server runtime: executes server programs, applies replicated state through the switch control plane, output commit.
