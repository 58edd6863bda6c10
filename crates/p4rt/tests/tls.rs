//! P4Runtime over TLS with client certificates, on the loopback: a client
//! with a certificate the switch's CA signed becomes primary and reads the
//! pipeline; one signed by another CA, one without a certificate, one that
//! does not trust the switch's CA, and a plain-text client are all refused
//! before any RPC is answered; bad files are errors that name the file.
//! The same client against BMv2's `simple_switch_grpc` with its own TLS
//! and client authentication on (skipped with a printed reason when it is
//! missing, unless TANDEM_REQUIRE_TOOLS=1).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use p4rt::client::{Client, ClientError, Target};
use p4rt::server::{Device, serve_tls};
use p4rt::tls::{Ca, ClientTls, Pem, TlsError, TlsFiles, server_config};

const T: Duration = Duration::from_secs(5);

fn write(dir: &Path, name: &str, pem: &Pem) -> (PathBuf, PathBuf) {
    let cert = dir.join(format!("{name}.pem"));
    let key = dir.join(format!("{name}.key"));
    std::fs::write(&cert, &pem.cert).expect("write cert");
    std::fs::write(&key, &pem.key).expect("write key");
    (cert, key)
}

struct Pki {
    _dir: tempfile::TempDir,
    ca: PathBuf,
    switch: (PathBuf, PathBuf),
    client: (PathBuf, PathBuf),
    /// A client certificate from another CA.
    stranger: (PathBuf, PathBuf),
    other_ca: PathBuf,
}

fn pki() -> Pki {
    let dir = tempfile::tempdir().expect("tempdir");
    let ca = Ca::new("tandem test CA").expect("CA");
    // Another CA of the same name: the switch cannot tell them apart by the
    // issuer's name, only by the signature.
    let other = Ca::new("tandem test CA").expect("CA");
    let ca_path = write(dir.path(), "ca", ca.pem()).0;
    let other_ca = write(dir.path(), "other-ca", other.pem()).0;
    let switch = write(
        dir.path(),
        "switch",
        &ca.switch(&["127.0.0.1".into(), "localhost".into()])
            .expect("switch cert"),
    );
    let client = write(
        dir.path(),
        "client",
        &ca.client("tandem-server").expect("client"),
    );
    let stranger = write(
        dir.path(),
        "stranger",
        &other.client("tandem-server").expect("client"),
    );
    Pki {
        _dir: dir,
        ca: ca_path,
        switch,
        client,
        stranger,
        other_ca,
    }
}

/// Serves a device with a program over TLS with `pki`'s switch files (or
/// in plain text); returns its address and the sender that stops it.
async fn start(pki: &Pki, tls: bool) -> (String, tokio::sync::oneshot::Sender<()>) {
    let device = Arc::new(Device::new(1, Arc::new(|| Duration::ZERO)));
    device.load(pipe::examples::nat()).expect("program loads");
    let config = tls.then(|| {
        server_config(&TlsFiles {
            cert: Some(pki.switch.0.clone()),
            key: Some(pki.switch.1.clone()),
            ca: Some(pki.ca.clone()),
        })
        .expect("server config")
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a loopback port");
    let addr = listener.local_addr().expect("bound").to_string();
    let (stop, rx) = tokio::sync::oneshot::channel();
    tokio::spawn(serve_tls(
        device,
        listener,
        Duration::from_millis(5),
        config,
        async {
            let _ = rx.await;
        },
    ));
    (addr, stop)
}

fn client_tls(ca: &Path, id: Option<&(PathBuf, PathBuf)>) -> ClientTls {
    ClientTls::new(
        &TlsFiles {
            cert: id.map(|i| i.0.clone()),
            key: id.map(|i| i.1.clone()),
            ca: Some(ca.to_path_buf()),
        },
        None,
    )
    .expect("client config")
}

async fn connect(addr: &str, tls: Option<ClientTls>) -> Result<Client, ClientError> {
    Client::connect_to(&Target::new(addr, tls), 1, 1, T).await
}

#[tokio::test]
async fn a_client_the_switch_trusts_becomes_primary_over_tls() {
    let pki = pki();
    let (addr, _stop) = start(&pki, true).await;
    let mut c = connect(&addr, Some(client_tls(&pki.ca, Some(&pki.client))))
        .await
        .expect("a trusted client connects");
    assert!(c.is_primary());
    let config = c.get_pipeline().await.expect("read the pipeline");
    assert!(config.p4info.is_some(), "the switch serves its P4Info");
    // The name in the certificate can be given apart from the address.
    let named = ClientTls::new(
        &TlsFiles {
            cert: Some(pki.client.0.clone()),
            key: Some(pki.client.1.clone()),
            ca: Some(pki.ca.clone()),
        },
        Some("localhost"),
    )
    .expect("config");
    let c = Client::connect_to(&Target::new(&addr, Some(named)), 1, 2, T)
        .await
        .expect("connects under the name localhost");
    assert!(c.is_primary(), "the higher election id takes over");
}

/// Every way of not being trusted fails at connection, and says something
/// about the certificate or the handshake.
#[tokio::test]
async fn clients_the_switch_does_not_trust_are_refused() {
    let pki = pki();
    let (addr, _stop) = start(&pki, true).await;
    // What the error says (any of): the switch's alert may be lost to the
    // connection's close, which the client reports as most likely the same.
    let lost = "most likely it does not accept this client's certificate";
    let cases: Vec<(&str, Option<ClientTls>, Vec<&str>, bool)> = vec![
        (
            "certificate signed by another CA",
            Some(client_tls(&pki.ca, Some(&pki.stranger))),
            vec!["does not accept this client's certificate"],
            true,
        ),
        (
            "no client certificate",
            Some(client_tls(&pki.ca, None)),
            vec!["requires a client certificate", lost],
            true,
        ),
        (
            "does not trust the switch's CA",
            Some(client_tls(&pki.other_ca, Some(&pki.client))),
            vec!["invalid peer certificate"],
            true,
        ),
        (
            "plain text to a TLS switch",
            None,
            vec!["give --tls-ca"],
            false,
        ),
    ];
    for (what, tls, says, final_refusal) in cases {
        let e = connect(&addr, tls)
            .await
            .err()
            .unwrap_or_else(|| panic!("{what}: connected"));
        let text = e.to_string();
        assert!(
            matches!(e, ClientError::Refused { .. } | ClientError::Connect { .. })
                && says.iter().any(|s| text.contains(s)),
            "{what}: the error should say one of {says:?}: {text}"
        );
        assert_eq!(e.is_tls_refusal(), final_refusal, "{what}: {text}");
    }
    // A wrong name in the certificate is refused too.
    let wrong = ClientTls::new(
        &TlsFiles {
            cert: Some(pki.client.0.clone()),
            key: Some(pki.client.1.clone()),
            ca: Some(pki.ca.clone()),
        },
        Some("switch.example"),
    )
    .expect("config");
    let e = connect(&addr, Some(wrong)).await.expect_err("wrong name");
    assert!(
        e.to_string().to_lowercase().contains("certificate"),
        "the error says the certificate does not fit: {e}"
    );
    // And the switch still serves the trusted client afterwards.
    let c = connect(&addr, Some(client_tls(&pki.ca, Some(&pki.client))))
        .await
        .expect("still serves");
    assert!(c.is_primary());
}

#[tokio::test]
async fn a_tls_client_does_not_talk_to_a_plain_switch() {
    let pki = pki();
    let (addr, _stop) = start(&pki, false).await;
    assert!(
        connect(&addr, Some(client_tls(&pki.ca, Some(&pki.client))))
            .await
            .is_err(),
        "a TLS client must not fall back to plain text"
    );
    let c = connect(&addr, None).await.expect("plain text works");
    assert!(c.is_primary());
}

#[test]
fn bad_files_are_errors_that_name_them() {
    let pki = pki();
    let missing = pki.ca.with_file_name("nowhere.pem");
    let e = server_config(&TlsFiles {
        cert: Some(pki.switch.0.clone()),
        key: Some(pki.switch.1.clone()),
        ca: Some(missing.clone()),
    })
    .expect_err("missing CA file");
    assert!(matches!(e, TlsError::Read { .. }), "{e}");
    assert!(e.to_string().contains("nowhere.pem"), "{e}");
    // A key where the certificate should be.
    let e = server_config(&TlsFiles {
        cert: Some(pki.switch.1.clone()),
        key: Some(pki.switch.1.clone()),
        ca: Some(pki.ca.clone()),
    })
    .expect_err("a key is not a certificate");
    assert!(matches!(e, TlsError::NotPem { .. }), "{e}");
    assert!(e.to_string().contains("switch.key"), "{e}");
    // A key that is not the certificate's.
    let e = server_config(&TlsFiles {
        cert: Some(pki.switch.0.clone()),
        key: Some(pki.client.1.clone()),
        ca: Some(pki.ca.clone()),
    })
    .expect_err("the key does not belong to the certificate");
    assert!(matches!(e, TlsError::Config(_)), "{e}");
    // The switch requires the CA that checks its clients.
    let e = server_config(&TlsFiles {
        cert: Some(pki.switch.0.clone()),
        key: Some(pki.switch.1.clone()),
        ca: None,
    })
    .expect_err("no --tls-ca");
    assert!(e.to_string().contains("--tls-ca"), "{e}");
    // A client needs the CA too, and a key with its certificate.
    let e = ClientTls::new(
        &TlsFiles {
            cert: Some(pki.client.0.clone()),
            key: None,
            ca: Some(pki.ca.clone()),
        },
        None,
    )
    .expect_err("no key");
    assert!(e.to_string().contains("--tls-key"), "{e}");
}

/// `simple_switch_grpc` killed on drop.
struct Bmv2(std::process::Child);

impl Drop for Bmv2 {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_client_speaks_tls_with_simple_switch_grpc() {
    let ssg = match p4gen::p4c::find_tool("TANDEM_BMV2", "simple_switch_grpc") {
        Ok(s) => s,
        Err(e) => {
            let required = std::env::var("TANDEM_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
            assert!(!required, "TANDEM_REQUIRE_TOOLS=1 but {e}");
            println!("skipped: {e}");
            return;
        }
    };
    let pki = pki();
    let port = 40_000 + (std::process::id() % 20_000) as u16;
    let addr = format!("127.0.0.1:{port}");
    let (cert, key, ca) = (
        pki.switch.0.display().to_string(),
        pki.switch.1.display().to_string(),
        pki.ca.display().to_string(),
    );
    let _bmv2 = Bmv2(
        std::process::Command::new(&ssg)
            .args(["--device-id", "1", "--no-p4", "--", "--grpc-server-addr"])
            .args([addr.as_str(), "--grpc-server-ssl"])
            .args(["--grpc-server-cert", &cert, "--grpc-server-key", &key])
            .args([
                "--grpc-server-cacert",
                &ca,
                "--grpc-server-with-client-auth",
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start simple_switch_grpc"),
    );
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        let mut c = loop {
            match connect(&addr, Some(client_tls(&pki.ca, Some(&pki.client)))).await {
                Ok(c) => break c,
                Err(e) if std::time::Instant::now() > deadline => {
                    panic!("no TLS connection to simple_switch_grpc: {e}")
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        };
        assert!(c.is_primary(), "BMv2 makes the trusted client primary");
        assert!(
            c.capabilities().await.is_ok(),
            "BMv2 answers Capabilities over TLS"
        );
        let e = connect(&addr, Some(client_tls(&pki.ca, Some(&pki.stranger))))
            .await
            .expect_err("BMv2 refuses a certificate another CA signed");
        assert!(e.is_tls_refusal(), "{e}");
        assert!(
            connect(&addr, None).await.is_err(),
            "BMv2 with TLS refuses plain text"
        );
    });
}
