//! `tandem switch --grpc` serves what `tandem compile` wrote: a P4Runtime
//! client gets back the P4Info `tandem compile` wrote (switch.p4info.bin), for
//! the output directory and for the `.nf` source alike, and the text and binary
//! P4Info files agree. Beyond loopback it needs TLS or `--insecure`; over TLS
//! (certificates from `tandem certs`) it serves a client its CA signed and
//! refuses one another CA signed.

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
    start_switch(&addr, program, &[], guard);
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

/// Starts `tandem switch --grpc ADDR PROGRAM EXTRA` and waits until it
/// listens on `addr`.
fn start_switch(addr: &str, program: &str, extra: &[&str], guard: &mut Guard) {
    let child = Command::new(env!("CARGO_BIN_EXE_tandem"))
        .args(["switch", "--grpc", addr, program])
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tandem switch");
    if let Some(mut old) = guard.child.replace(child) {
        let _ = old.kill();
        let _ = old.wait();
    }
    let child = guard.child.as_mut().expect("just started");
    let local = addr.replace("0.0.0.0", "127.0.0.1");
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(&local).is_err() {
        assert!(Instant::now() < deadline, "tandem switch did not listen");
        if let Ok(Some(s)) = child.try_wait() {
            panic!("tandem switch exited: {s}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
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

#[test]
fn beyond_loopback_the_switch_needs_tls_or_insecure() {
    let dir = scratch("switch-insecure");
    let mut guard = Guard {
        child: None,
        dir: dir.clone(),
    };
    let nf = example("mazunat.nf");
    let addr = format!("0.0.0.0:{}", free_port());
    let out = tandem(&["switch", "--grpc", &addr, &nf]);
    assert!(!out.status.success(), "started without TLS on {addr}");
    let err = text(&out.stderr);
    assert!(
        err.contains("--insecure") && err.contains("--tls-cert") && err.contains("primary"),
        "the refusal says why and what to do: {err}"
    );
    // Told --insecure, it listens.
    start_switch(&addr, &nf, &["--insecure"], &mut guard);
    // --insecure and TLS contradict each other.
    let out = tandem(&[
        "switch",
        "--grpc",
        &addr,
        &nf,
        "--insecure",
        "--tls-cert",
        "a",
        "--tls-key",
        "b",
        "--tls-ca",
        "c",
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--insecure"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn over_tls_the_switch_serves_only_clients_its_ca_signed() {
    let dir = scratch("switch-tls");
    let mut guard = Guard {
        child: None,
        dir: dir.clone(),
    };
    let (pki, other) = (dir.join("pki"), dir.join("other"));
    for d in [&pki, &other] {
        common::certs(d, &["ctl"]);
    }
    // Keys are for their owner only; a second run into the same directory
    // is refused (it would replace the CA its certificates hang on).
    use std::os::unix::fs::PermissionsExt;
    for f in ["ca.key", "switch.key", "ctl.key"] {
        let mode = std::fs::metadata(pki.join(f))
            .expect(f)
            .permissions()
            .mode();
        assert_eq!(mode & 0o077, 0, "{f} is readable by others: {mode:o}");
    }
    let again = tandem(&["certs", "-o", path_str(&pki)]);
    assert!(!again.status.success());
    assert!(text(&again.stderr).contains("already holds a CA"));

    // On the wildcard address: TLS is what lets it leave loopback.
    let port = free_port();
    let listen = format!("0.0.0.0:{port}");
    let tls = common::switch_tls_options(&pki);
    let tls: Vec<&str> = tls.iter().map(String::as_str).collect();
    start_switch(&listen, &example("mazunat.nf"), &tls, &mut guard);
    let client = |d: &std::path::Path| {
        p4rt::tls::ClientTls::new(
            &p4rt::tls::TlsFiles {
                cert: Some(d.join("ctl.pem")),
                key: Some(d.join("ctl.key")),
                ca: Some(pki.join("ca.pem")),
            },
            None,
        )
        .expect("client files")
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let target = |d| p4rt::client::Target::new(format!("127.0.0.1:{port}"), Some(client(d)));
    rt.block_on(async {
        let e = p4rt::client::Client::connect_to(&target(&other), 1, 1, Duration::from_secs(5))
            .await
            .expect_err("a certificate another CA signed");
        assert!(e.is_tls_refusal(), "{e}");
        let mut c = p4rt::client::Client::connect_to(&target(&pki), 1, 1, Duration::from_secs(5))
            .await
            .expect("the trusted client");
        assert!(c.is_primary());
        assert!(c.get_pipeline().await.expect("pipeline").p4info.is_some());
    });
}
