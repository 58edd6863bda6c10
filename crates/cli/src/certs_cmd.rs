//! `tandem certs -o DIR`: a certificate authority and the certificates a
//! P4Runtime control channel over TLS needs (the switch's, and one per
//! client), for trying TLS out and for tests. A deployment with its own CA
//! uses that CA's files instead; the options that read them are the same.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;

/// Options of `tandem certs`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Writes DIR/ca.pem (give it to every end as --tls-ca), DIR/switch.pem and
DIR/switch.key (the switch's --tls-cert and --tls-key), and DIR/NAME.pem and
DIR/NAME.key for each client NAME. Keys are written readable by their owner
only. Each run makes a new CA; its key (DIR/ca.key) is there for signing
more certificates with other tools (e.g. openssl x509 -req -CA ca.pem
-CAkey ca.key).

Example:
  tandem certs -o pki --switch-name 198.18.0.1
  tandem switch out/mazunat --grpc 198.18.0.1:9559 --tls-cert pki/switch.pem --tls-key pki/switch.key --tls-ca pki/ca.pem
  tandem server examples/nf/mazunat.nf --switch 198.18.0.1:9559 --link veth-srv \\
      --tls-ca pki/ca.pem --tls-cert pki/server.pem --tls-key pki/server.key"
)]
pub struct CertsArgs {
    /// The directory to write into (created; must not hold a CA already).
    #[arg(short, long, value_name = "DIR")]
    output: PathBuf,
    /// A name (DNS name or IP address) clients dial the switch by; repeat.
    #[arg(long, value_name = "NAME", default_values_t = ["127.0.0.1".to_string(), "localhost".to_string()])]
    switch_name: Vec<String>,
    /// A client certificate to make (DIR/NAME.pem, DIR/NAME.key); repeat.
    #[arg(long, value_name = "NAME", default_values_t = ["server".to_string(), "agent".to_string()])]
    client: Vec<String>,
}

fn write(path: &Path, text: &str, private: bool) -> anyhow::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(if private { 0o600 } else { 0o644 })
        .open(path)
        .with_context(|| format!("cannot create {}", path.display()))?;
    f.write_all(text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Runs `tandem certs`.
pub fn run(a: CertsArgs) -> anyhow::Result<ExitCode> {
    for n in &a.client {
        anyhow::ensure!(
            !n.is_empty()
                && n != "ca"
                && n != "switch"
                && n.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)),
            "--client {n:?}: a client's name is its file name: letters, digits, '-', '_', '.', and not \"ca\" or \"switch\""
        );
    }
    std::fs::create_dir_all(&a.output)
        .with_context(|| format!("cannot create {}", a.output.display()))?;
    anyhow::ensure!(
        !a.output.join("ca.pem").exists(),
        "{} already holds a CA (ca.pem): pick another directory, or remove it to start over",
        a.output.display()
    );
    let ca = p4rt::tls::Ca::new("tandem P4Runtime CA")?;
    let switch = ca.switch(&a.switch_name)?;
    write(&a.output.join("ca.pem"), &ca.pem().cert, false)?;
    write(&a.output.join("ca.key"), &ca.pem().key, true)?;
    write(&a.output.join("switch.pem"), &switch.cert, false)?;
    write(&a.output.join("switch.key"), &switch.key, true)?;
    for n in &a.client {
        let c = ca.client(n)?;
        write(&a.output.join(format!("{n}.pem")), &c.cert, false)?;
        write(&a.output.join(format!("{n}.key")), &c.key, true)?;
    }
    println!(
        "tandem certs: wrote {dir}/ca.pem, {dir}/switch.pem (for {}) and {} client certificate(s) ({}), keys beside them",
        a.switch_name.join(", "),
        a.client.len(),
        a.client.join(", "),
        dir = a.output.display()
    );
    Ok(ExitCode::SUCCESS)
}
