//! P4Runtime over TLS with client certificates, as the P4Runtime
//! specification recommends for a control channel that leaves the host.
//!
//! Both ends hold a certificate and its key, and a CA that signed the other
//! end's: the switch ([`server_config`]) accepts only clients whose
//! certificate its CA signed, and a client ([`ClientTls`]) accepts only a
//! switch whose certificate its CA signed for the name it dialled (or the
//! name it is told). Files are PEM; everything is read and parsed here, at
//! start, so a wrong path or a key that is not a key is an error that names
//! the file before any connection is tried.

use std::path::{Path, PathBuf};

pub use tonic::transport::ServerTlsConfig;
use tonic::transport::{Certificate, ClientTlsConfig, Identity};

/// Why the TLS files cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// A file cannot be read.
    #[error("cannot read {what} {path}: {err}")]
    Read {
        /// Which file (e.g. "--tls-cert").
        what: &'static str,
        /// Its path.
        path: PathBuf,
        /// Why.
        err: std::io::Error,
    },
    /// A file holds no PEM block of the kind it should.
    #[error("{what} {path} holds no PEM {kind} (a block starting \"-----BEGIN {kind}\")")]
    NotPem {
        /// Which file.
        what: &'static str,
        /// Its path.
        path: PathBuf,
        /// The kind of block looked for, e.g. "CERTIFICATE".
        kind: &'static str,
    },
    /// Some but not all of the files were given.
    #[error("{0}")]
    Incomplete(String),
    /// rustls refused the configuration (e.g. the key does not belong to the
    /// certificate).
    #[error("the TLS configuration is not usable: {0}")]
    Config(String),
}

/// The PEM files of one end: its certificate chain, its private key, and
/// the CA that signs the other end's certificates.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TlsFiles {
    /// This end's certificate (chain), PEM.
    pub cert: Option<PathBuf>,
    /// This end's private key, PEM.
    pub key: Option<PathBuf>,
    /// The CA certificate(s) that sign the other end's certificate, PEM.
    pub ca: Option<PathBuf>,
}

impl TlsFiles {
    /// Whether any file is given (TLS asked for).
    pub fn any(&self) -> bool {
        self.cert.is_some() || self.key.is_some() || self.ca.is_some()
    }
}

fn read(what: &'static str, path: &Path, kind: &'static str) -> Result<Vec<u8>, TlsError> {
    let bytes = std::fs::read(path).map_err(|err| TlsError::Read {
        what,
        path: path.to_path_buf(),
        err,
    })?;
    // A key's block is "PRIVATE KEY", "RSA PRIVATE KEY" or "EC PRIVATE KEY".
    let found = String::from_utf8_lossy(&bytes)
        .lines()
        .any(|l| l.starts_with("-----BEGIN ") && l.trim_end().ends_with(&format!("{kind}-----")));
    if !found {
        return Err(TlsError::NotPem {
            what,
            path: path.to_path_buf(),
            kind,
        });
    }
    Ok(bytes)
}

fn identity(files: &TlsFiles, side: &str) -> Result<Option<Identity>, TlsError> {
    match (&files.cert, &files.key) {
        (Some(c), Some(k)) => Ok(Some(Identity::from_pem(
            read("--tls-cert", c, "CERTIFICATE")?,
            read("--tls-key", k, "PRIVATE KEY")?,
        ))),
        (None, None) => Ok(None),
        (Some(_), None) => Err(TlsError::Incomplete(format!(
            "--tls-cert without --tls-key: the {side} needs the certificate's private key"
        ))),
        (None, Some(_)) => Err(TlsError::Incomplete(format!(
            "--tls-key without --tls-cert: the {side} needs the certificate the key belongs to"
        ))),
    }
}

/// The switch's side: its certificate and key, and the CA its clients'
/// certificates must be signed by. All three are required: a switch that
/// does not check its clients would let anyone on the network become the
/// primary controller and write its tables.
pub fn server_config(files: &TlsFiles) -> Result<ServerTlsConfig, TlsError> {
    let id = identity(files, "switch")?.ok_or_else(|| {
        TlsError::Incomplete("TLS on the switch needs --tls-cert and --tls-key".into())
    })?;
    let ca = files.ca.as_ref().ok_or_else(|| {
        TlsError::Incomplete(
            "TLS on the switch needs --tls-ca: the CA that signs the clients' certificates (the switch accepts no client without one)".into(),
        )
    })?;
    let ca = Certificate::from_pem(read("--tls-ca", ca, "CERTIFICATE")?);
    let config = ServerTlsConfig::new().identity(id).client_ca_root(ca);
    // rustls parses the files only when the acceptor is built: do it now so
    // a broken key is a start-up error, not a refused handshake later.
    tonic::transport::Server::builder()
        .tls_config(config.clone())
        .map_err(|e| TlsError::Config(error_chain(&e)))?;
    Ok(config)
}

/// A client's side: the CA that signed the switch's certificate, and this
/// client's certificate and key (which a switch that checks its clients, as
/// `tandem switch` does, requires).
#[derive(Debug, Clone)]
pub struct ClientTls {
    config: ClientTlsConfig,
}

impl ClientTls {
    /// From the files: `ca` is required; `cert` and `key` come together.
    /// `server_name` is the name the switch's certificate must carry when it
    /// is not the host part of the address dialled.
    pub fn new(files: &TlsFiles, server_name: Option<&str>) -> Result<ClientTls, TlsError> {
        let ca = files.ca.as_ref().ok_or_else(|| {
            TlsError::Incomplete(
                "TLS to the switch needs --tls-ca: the CA that signed the switch's certificate"
                    .into(),
            )
        })?;
        let mut config = ClientTlsConfig::new().ca_certificate(Certificate::from_pem(read(
            "--tls-ca",
            ca,
            "CERTIFICATE",
        )?));
        if let Some(id) = identity(files, "client")? {
            config = config.identity(id);
        }
        if let Some(name) = server_name {
            config = config.domain_name(name);
        }
        // As on the server: parse now, not at the first connection.
        tonic::transport::Endpoint::from_static("https://127.0.0.1:1")
            .tls_config(config.clone())
            .map_err(|e| TlsError::Config(error_chain(&e)))?;
        Ok(ClientTls { config })
    }

    pub(crate) fn config(&self) -> ClientTlsConfig {
        self.config.clone()
    }
}

/// An error with its sources, `: `-separated (tonic's transport errors say
/// little at the top).
pub(crate) fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut cur = e.source();
    while let Some(c) = cur {
        let t = c.to_string();
        if !s.contains(&t) {
            s.push_str(": ");
            s.push_str(&t);
        }
        cur = c.source();
    }
    s
}

/// A certificate and its key, PEM.
#[derive(Debug, Clone)]
pub struct Pem {
    /// The certificate.
    pub cert: String,
    /// Its private key.
    pub key: String,
}

/// A certificate authority made here ([`Ca::new`]) that signs switch and
/// client certificates: what `tandem certs` writes, for trying TLS out and
/// for the tests. Production deployments use their own CA.
pub struct Ca {
    issuer: rcgen::Issuer<'static, rcgen::KeyPair>,
    pem: Pem,
}

impl std::fmt::Debug for Ca {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ca").finish_non_exhaustive()
    }
}

fn rc(e: rcgen::Error) -> TlsError {
    TlsError::Config(format!("cannot make the certificate: {e}"))
}

impl Ca {
    /// A new CA named `name` (a fresh key each time).
    pub fn new(name: &str) -> Result<Ca, TlsError> {
        let mut params = rcgen::CertificateParams::new(Vec::new()).map_err(rc)?;
        params
            .distinguished_name
            .push(rcgen::DnType::CommonName, name);
        params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        params.key_usages = vec![
            rcgen::KeyUsagePurpose::KeyCertSign,
            rcgen::KeyUsagePurpose::CrlSign,
            rcgen::KeyUsagePurpose::DigitalSignature,
        ];
        let key = rcgen::KeyPair::generate().map_err(rc)?;
        let cert = params.self_signed(&key).map_err(rc)?;
        let pem = Pem {
            cert: cert.pem(),
            key: key.serialize_pem(),
        };
        Ok(Ca {
            issuer: rcgen::Issuer::new(params, key),
            pem,
        })
    }

    /// The CA's own certificate and key.
    pub fn pem(&self) -> &Pem {
        &self.pem
    }

    /// A switch's certificate for `names` (DNS names or IP addresses, as the
    /// clients dial it).
    pub fn switch(&self, names: &[String]) -> Result<Pem, TlsError> {
        self.leaf(names, rcgen::ExtendedKeyUsagePurpose::ServerAuth)
    }

    /// A client's certificate named `name`.
    pub fn client(&self, name: &str) -> Result<Pem, TlsError> {
        self.leaf(
            &[name.to_string()],
            rcgen::ExtendedKeyUsagePurpose::ClientAuth,
        )
    }

    fn leaf(
        &self,
        names: &[String],
        usage: rcgen::ExtendedKeyUsagePurpose,
    ) -> Result<Pem, TlsError> {
        let mut params = rcgen::CertificateParams::new(names.to_vec()).map_err(rc)?;
        if let Some(n) = names.first() {
            params.distinguished_name.push(rcgen::DnType::CommonName, n);
        }
        params.extended_key_usages = vec![usage];
        params.key_usages = vec![rcgen::KeyUsagePurpose::DigitalSignature];
        let key = rcgen::KeyPair::generate().map_err(rc)?;
        let cert = params.signed_by(&key, &self.issuer).map_err(rc)?;
        Ok(Pem {
            cert: cert.pem(),
            key: key.serialize_pem(),
        })
    }
}
