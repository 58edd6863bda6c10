//! Compiles the checked-in P4Runtime schema (`proto/p4runtime.fds.bin`, a
//! FileDescriptorSet; see `proto/make_descriptor_set.py`) to Rust with prost and
//! tonic. No protoc is involved: the set is already parsed.

use prost::Message;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = "proto/p4runtime.fds.bin";
    println!("cargo:rerun-if-changed={path}");
    let bytes = std::fs::read(path)?;
    let fds = prost_types::FileDescriptorSet::decode(bytes.as_slice())?;
    tonic_prost_build::configure()
        .build_client(true)
        .build_server(true)
        .compile_fds(fds)?;
    Ok(())
}
