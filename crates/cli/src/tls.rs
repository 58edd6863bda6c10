//! The TLS options of the P4Runtime channel: `--tls-cert`, `--tls-key`,
//! `--tls-ca` on the switch (`tandem switch --grpc`, with `--insecure` to
//! listen beyond loopback without them) and on its clients (`tandem
//! server`, `tandem filter agent`, with `--tls-server-name`).

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::Context;

/// The switch's side.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(next_help_heading = "TLS (P4Runtime with client certificates)")]
pub struct SwitchTlsArgs {
    /// The switch's certificate (PEM): serve P4Runtime over TLS.
    #[arg(long, value_name = "FILE", requires_all = ["tls_key", "tls_ca"])]
    tls_cert: Option<PathBuf>,
    /// The private key of --tls-cert (PEM).
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// The CA that signs the clients' certificates (PEM): a client without a
    /// certificate it signed is refused at the handshake.
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    tls_ca: Option<PathBuf>,
    /// Listen on an address other than loopback without TLS: anyone who
    /// reaches it can become the primary controller and write the tables.
    #[arg(long, conflicts_with = "tls_cert")]
    insecure: bool,
}

impl SwitchTlsArgs {
    /// The server configuration for listening on `addr`: TLS when the files
    /// are given; none on loopback, or beyond it with --insecure; an error
    /// that says why otherwise.
    pub fn server_config(
        &self,
        addr: SocketAddr,
    ) -> anyhow::Result<Option<p4rt::tls::ServerTlsConfig>> {
        let files = p4rt::tls::TlsFiles {
            cert: self.tls_cert.clone(),
            key: self.tls_key.clone(),
            ca: self.tls_ca.clone(),
        };
        if files.any() {
            return p4rt::tls::server_config(&files)
                .map(Some)
                .context("cannot serve P4Runtime over TLS");
        }
        anyhow::ensure!(
            addr.ip().is_loopback() || self.insecure,
            "--grpc {addr}: a P4Runtime switch that listens beyond loopback without TLS lets anyone who reaches {addr} become its primary controller and rewrite its tables; give --tls-cert, --tls-key and --tls-ca (clients then need a certificate that CA signed), or --insecure to listen without TLS anyway"
        );
        Ok(None)
    }

    /// Whether TLS is on (for the start-up line).
    pub fn on(&self) -> bool {
        self.tls_cert.is_some()
    }
}

/// A client's side.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(next_help_heading = "TLS (P4Runtime with client certificates)")]
pub struct ClientTlsArgs {
    /// The CA that signed the switch's certificate (PEM): connect over TLS.
    #[arg(long, value_name = "FILE")]
    tls_ca: Option<PathBuf>,
    /// This client's certificate (PEM), which a switch that checks its
    /// clients (as `tandem switch` with TLS does) requires.
    #[arg(long, value_name = "FILE", requires_all = ["tls_key", "tls_ca"])]
    tls_cert: Option<PathBuf>,
    /// The private key of --tls-cert (PEM).
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// The name the switch's certificate must carry [default: the host
    /// part of the switch's address].
    #[arg(long, value_name = "NAME", requires = "tls_ca")]
    tls_server_name: Option<String>,
}

impl ClientTlsArgs {
    /// The address to dial, over TLS when --tls-ca is given. A URL's scheme
    /// must agree: `https://` needs --tls-ca, and `http://` refuses it.
    pub fn target(&self, addr: &str) -> anyhow::Result<p4rt::client::Target> {
        let files = p4rt::tls::TlsFiles {
            cert: self.tls_cert.clone(),
            key: self.tls_key.clone(),
            ca: self.tls_ca.clone(),
        };
        let tls = if files.any() {
            anyhow::ensure!(
                !addr.starts_with("http://"),
                "--switch {addr}: an http:// address with --tls-ca; use the bare host:port or https://"
            );
            Some(
                p4rt::tls::ClientTls::new(&files, self.tls_server_name.as_deref())
                    .context("cannot connect over TLS")?,
            )
        } else {
            anyhow::ensure!(
                !addr.starts_with("https://"),
                "--switch {addr}: TLS needs --tls-ca (the CA that signed the switch's certificate) and, for a switch that checks its clients, --tls-cert and --tls-key"
            );
            None
        };
        Ok(p4rt::client::Target::new(addr, tls))
    }
}
