//! P4Runtime v1 for Tandem's switch.
//!
//! - [`proto`]: the published P4Runtime schema (`p4/v1/p4runtime.proto`,
//!   `p4/config/v1/p4info.proto` and their imports) compiled with prost and
//!   tonic. Schema version **1.4.1**, as shipped in PyPI's `p4runtime` 1.4.1
//!   package (the version p4runtime-shell 0.0.6 pins); `proto/p4runtime.fds.bin`
//!   is the FileDescriptorSet `proto/make_descriptor_set.py` copied out of that
//!   package's compiled modules, so the build needs no protoc.
//! - [`p4info()`]: the P4Info of any `pipe` program, in binary and text format.
//! - [`attach`]: what a switch runs for a program (Tandem's, p4c's, none: load).
//! - [`server`]: a P4Runtime server over the switch model (`tandem switch --grpc`).
//! - [`client`]: a P4Runtime client (arbitration, write, read, packet-out/in).
//! - [`remote`]: a switch daemon as the server runtime's switch
//!   ([`pipe::SwitchControl`] over the client).
//! - [`tls`]: P4Runtime over TLS with client certificates, both ends.
//!
//! See docs/SWITCH.md, "On real targets — P4Runtime".

pub mod attach;
pub mod client;
pub mod foreign;
pub mod p4info;
pub mod remote;
pub mod schema;
pub mod server;
pub mod tls;
pub mod value;

pub use p4info::{P4InfoError, from_bytes, from_text, p4info, to_bytes, to_text};

/// Generated code (prost messages, tonic client and server).
#[allow(missing_docs, unused_qualifications, clippy::all, clippy::pedantic)]
pub mod proto {
    /// `p4.*`
    pub mod p4 {
        /// `p4.v1`: the P4Runtime service and its messages.
        pub mod v1 {
            tonic::include_proto!("p4.v1");
        }
        /// `p4.config.v1`: P4Info.
        pub mod config {
            /// `p4.config.v1`
            pub mod v1 {
                tonic::include_proto!("p4.config.v1");
            }
        }
    }
    /// `google.*`
    pub mod google {
        /// `google.rpc`: Status.
        pub mod rpc {
            tonic::include_proto!("google.rpc");
        }
    }
}
