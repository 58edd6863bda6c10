//! BMv2's `simple_switch_grpc` as a test switch: started with no program
//! and no interfaces, its P4Runtime server on a loopback address (a client
//! loads the program with SetForwardingPipelineConfig), and optionally
//! packets in and out one at a time over nanomsg instead of interfaces
//! ([`crate::lockstep::PacketIo`]: no root, no veth), each followed to its
//! end by the event logger.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use p4gen::p4c::{BMV2_VAR, ToolError, find_tool};

use crate::lockstep::PacketIo;
use crate::{Bmv2Error, Running, err};

/// A running `simple_switch_grpc` (killed when dropped).
pub struct GrpcSwitch {
    sw: Running,
    addr: String,
    io: Option<PacketIo>,
}

impl GrpcSwitch {
    /// Finds `simple_switch_grpc` (`TANDEM_BMV2`, else `PATH`).
    pub fn find() -> Result<PathBuf, ToolError> {
        find_tool(BMV2_VAR, "simple_switch_grpc")
    }

    /// Starts `ssg` in `dir` (created; keeps its stderr and sockets) as
    /// device `device_id` with no program, serving P4Runtime on `addr`
    /// (`127.0.0.1:PORT`), and waits until it listens. With `packets` (the
    /// BMv2 JSON the client will load, and how long a packet may take),
    /// packets go in and out through [`GrpcSwitch::process`].
    pub fn start(
        ssg: &Path,
        dir: &Path,
        device_id: u64,
        addr: &str,
        packets: Option<(&Path, Duration)>,
    ) -> Result<GrpcSwitch, Bmv2Error> {
        std::fs::create_dir_all(dir).map_err(|e| err(format!("{}: {e}", dir.display())))?;
        let abs = std::fs::canonicalize(dir).map_err(|e| err(format!("{}: {e}", dir.display())))?;
        let log = std::fs::File::create(abs.join("stderr.txt"))
            .map_err(|e| err(format!("{}: {e}", dir.display())))?;
        let mut cmd = Command::new(ssg);
        cmd.current_dir(&abs)
            .args(["--device-id", &device_id.to_string(), "--no-p4"]);
        if packets.is_some() {
            cmd.args(PacketIo::args(&abs));
        }
        cmd.args(["--", "--grpc-server-addr", addr])
            .stdin(Stdio::null())
            .stdout(
                log.try_clone()
                    .map_err(|e| err(format!("{}: {e}", dir.display())))?,
            )
            .stderr(log);
        let child = cmd
            .spawn()
            .map_err(|e| err(format!("cannot start {}: {e}", ssg.display())))?;
        let mut sw = Running(Some(child));
        let limit = Duration::from_secs(20);
        let start = Instant::now();
        while std::net::TcpStream::connect(addr).is_err() {
            if let Some(status) = sw.try_wait() {
                return Err(err(format!(
                    "simple_switch_grpc exited at start ({status}); is {addr} taken?"
                )));
            }
            if start.elapsed() > limit {
                return Err(err(format!(
                    "simple_switch_grpc not listening on {addr} after {limit:?}"
                )));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let io = match packets {
            None => None,
            Some((json, timeout)) => {
                let v: serde_json::Value = std::fs::read_to_string(json)
                    .map_err(|e| err(format!("{}: {e}", json.display())))
                    .and_then(|t| {
                        serde_json::from_str(&t)
                            .map_err(|e| err(format!("{}: {e}", json.display())))
                    })?;
                Some(PacketIo::connect(&abs, &v, &mut sw, timeout)?)
            }
        };
        Ok(GrpcSwitch {
            sw,
            addr: addr.to_string(),
            io,
        })
    }

    /// The P4Runtime address.
    pub fn addr(&self) -> &str {
        &self.addr
    }

    /// Sends `frame` into `port` and waits until BMv2 has finished with it;
    /// what left, (port, frame), in order. Needs the program loaded and the
    /// switch started with `packets`.
    pub fn process(&mut self, port: u16, frame: &[u8]) -> Result<Vec<(u16, Vec<u8>)>, Bmv2Error> {
        self.io
            .as_mut()
            .ok_or_else(|| err("simple_switch_grpc was started without packet I/O"))?
            .process(port, frame)
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        self.sw.try_wait().is_none()
    }
}
