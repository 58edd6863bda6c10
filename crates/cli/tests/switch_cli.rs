//! `tandem switch --grpc` serves what `tandem compile` wrote: a P4Runtime
//! client gets back the P4Info `tandem compile` wrote (switch.p4info.bin), for
//! the output directory and for the `.nf` source alike, and the text and binary
//! P4Info files agree.

mod common;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{example, path_str, scratch, tandem, text};

struct Guard {
    child: Option<Child>,
    dir: PathBuf,
}

impl Drop for Guard {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free local port")
}

/// Starts `tandem switch --grpc` on `program` and returns the P4Info it serves.
fn served_p4info(program: &str, guard: &mut Guard) -> p4rt::proto::p4::config::v1::P4Info {
    let addr = format!("127.0.0.1:{}", free_port());
    let child = Command::new(env!("CARGO_BIN_EXE_tandem"))
        .args(["switch", "--grpc", &addr, program])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tandem switch");
    let child = guard.child.insert(child);
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(&addr).is_err() {
        assert!(Instant::now() < deadline, "tandem switch did not listen");
        if let Ok(Some(s)) = child.try_wait() {
            panic!("tandem switch exited: {s}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let info = rt.block_on(async {
        let mut c =
            p4rt::client::Client::connect(&format!("http://{addr}"), 1, 1, Duration::from_secs(5))
                .await
                .expect("connect");
        assert!(c.is_primary());
        c.get_pipeline().await.expect("get pipeline").p4info
    });
    if let Some(mut c) = guard.child.take() {
        let _ = c.kill();
        let _ = c.wait();
    }
    info.expect("a P4Info")
}

#[test]
fn switch_serves_the_compiled_program_and_its_p4info() {
    let dir = scratch("switch-serves-compiled");
    let mut guard = Guard {
        child: None,
        dir: dir.clone(),
    };
    let nf = example("mazunat.nf");
    let out = tandem(&["compile", &nf, "-o", path_str(&dir)]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let bin = p4rt::from_bytes(&std::fs::read(dir.join("switch.p4info.bin")).unwrap()).unwrap();
    let txt = p4rt::from_text(&std::fs::read_to_string(dir.join("switch.p4info.txtpb")).unwrap())
        .unwrap();
    assert_eq!(bin, txt);
    assert!(!bin.tables.is_empty());
    assert_eq!(served_p4info(path_str(&dir), &mut guard), bin);
    assert_eq!(served_p4info(&nf, &mut guard), bin);
}
