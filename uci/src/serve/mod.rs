//! `vorpal serve`: the browser GUI. An HTTP server on loopback serves the page built
//! into the binary (`uci/web/`) and one WebSocket per tab; each tab's game is refereed
//! here by the rules core, and its engines run as child processes through the engine
//! code of `vorpal match`. The messages are described in `docs/GUI.md`.

mod player;
mod tab;
mod table;

use crate::matches::engine_spec;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use clap::Args;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use tab::{Config, Tab};
use tokio::sync::mpsc;
use vorpal_engine::RuleOptions;

/// The largest message a page may send.
const MAX_MESSAGE: usize = 64 * 1024;
/// Beyond this the connection itself is closed, unread.
const MAX_FRAME: usize = 1024 * 1024;

/// The arguments of `vorpal serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on; anything but loopback lets other machines in.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// An engine the page may choose besides Vorpal itself (a command with its
    /// arguments, speaking UCI); repeatable.
    #[arg(long = "engine", value_name = "CMD")]
    engines: Vec<String>,
    /// Engines search this many nodes per move instead of keeping time (repeatable
    /// games, for tests).
    #[arg(long)]
    nodes: Option<u64>,
    /// En passant in the Alice games.
    #[arg(long)]
    alice_en_passant: bool,
    /// Open the page in the system's browser.
    #[arg(long)]
    open: bool,
}

#[derive(rust_embed::Embed)]
#[folder = "web/"]
struct Assets;

/// What every request handler shares.
struct Server {
    config: Arc<Config>,
    /// The `host:port` forms a request may name.
    address: SocketAddr,
}

/// Runs `vorpal serve`: the GUI server, until it is stopped.
pub fn run(args: &ServeArgs) -> Result<(), String> {
    let rules = RuleOptions {
        alice_en_passant: args.alice_en_passant,
    };
    let itself = std::env::current_exe()
        .map_err(|e| format!("cannot find the running program: {e}"))?
        .to_string_lossy()
        .into_owned();
    let engines = std::iter::once(&itself)
        .chain(&args.engines)
        .map(|command| engine_spec(command, &[], &rules))
        .collect::<Result<Vec<_>, _>>()?;
    if args.nodes == Some(0) {
        return Err("--nodes must be at least 1".to_string());
    }
    let config = Arc::new(Config {
        engines,
        nodes: args.nodes,
        rules,
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(serve(args, config))
}

async fn serve(args: &ServeArgs, config: Arc<Config>) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind((args.host, args.port))
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    if !args.host.is_loopback() {
        eprintln!(
            "warning: listening on {}, not loopback: other machines can reach this server",
            args.host
        );
    }
    let url = format!("http://{}/", host_port(address));
    println!("Vorpal GUI: {url}");
    if args.open {
        if let Err(e) = open::that_detached(&url) {
            eprintln!("warning: cannot open a browser: {e}");
        }
    }
    let server = Arc::new(Server { config, address });
    let app = Router::new()
        .route("/ws", get(socket))
        .fallback(get(asset))
        .layer(middleware::from_fn_with_state(server.clone(), check_host))
        .with_state(server);
    axum::serve(listener, app)
        .await
        .map_err(|e| format!("the server stopped: {e}"))
}

/// `127.0.0.1:8080`, `[::1]:8080`.
fn host_port(address: SocketAddr) -> String {
    match address {
        SocketAddr::V4(a) => format!("{}:{}", a.ip(), a.port()),
        SocketAddr::V6(a) => format!("[{}]:{}", a.ip(), a.port()),
    }
}

/// Whether a `Host` header (or an origin's host) names this server: its own address,
/// or `localhost` on loopback, with its port. A server listening on every address
/// takes any address literal; no name but `localhost` is taken, since a name is what a
/// DNS-rebinding page controls.
fn host_allowed(host: &str, address: SocketAddr) -> bool {
    let Some((name, port)) = host.rsplit_once(':') else {
        return false;
    };
    if port.parse::<u16>() != Ok(address.port()) {
        return false;
    }
    let name = name.trim_start_matches('[').trim_end_matches(']');
    let ip = address.ip();
    match name.parse::<IpAddr>() {
        Ok(named) => named == ip || (ip.is_unspecified()) || (ip.is_loopback() && named.is_loopback()),
        Err(_) => name.eq_ignore_ascii_case("localhost") && (ip.is_loopback() || ip.is_unspecified()),
    }
}

async fn check_host(State(server): State<Arc<Server>>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !host_allowed(host, server.address) {
        return (StatusCode::FORBIDDEN, "forbidden: unknown Host\n").into_response();
    }
    next.run(request).await
}

async fn asset(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    match Assets::get(path) {
        Some(file) => (
            [
                (header::CONTENT_TYPE, file.metadata.mimetype().to_string()),
                (header::CACHE_CONTROL, "no-cache".to_string()),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
            ],
            file.data,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found\n").into_response(),
    }
}

async fn socket(State(server): State<Arc<Server>>, headers: HeaderMap, upgrade: WebSocketUpgrade) -> Response {
    // Browsers always name the page's origin; a page of another site must not drive
    // this server. Clients that are not browsers send none.
    if let Some(origin) = headers.get(header::ORIGIN) {
        let host = origin.to_str().ok().and_then(|o| o.strip_prefix("http://"));
        if !host.is_some_and(|h| host_allowed(h, server.address)) {
            return (StatusCode::FORBIDDEN, "forbidden: foreign Origin\n").into_response();
        }
    }
    let config = server.config.clone();
    upgrade
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |socket| tab_loop(socket, config))
}

/// Runs one tab until its page goes away; its engines end with it.
async fn tab_loop(mut socket: WebSocket, config: Arc<Config>) {
    let (events, mut inbox) = mpsc::unbounded_channel();
    let mut tab = Tab::new(config, events);
    loop {
        for text in tab.take_outbox() {
            if socket.send(Message::Text(text.into())).await.is_err() {
                return;
            }
        }
        let wake = tab.next_wake();
        tokio::select! {
            message = socket.recv() => match message {
                Some(Ok(Message::Text(text))) if text.len() > MAX_MESSAGE => {
                    tab.error(&format!("message too long: {} bytes (at most {MAX_MESSAGE})", text.len()));
                }
                Some(Ok(Message::Text(text))) => tab.handle_text(text.as_str()),
                Some(Ok(Message::Binary(_))) => tab.error("messages are JSON text"),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
            },
            Some(event) = inbox.recv() => tab.handle_event(event),
            () = sleep_until(wake), if wake.is_some() => tab.tick(),
        }
    }
}

async fn sleep_until(wake: Option<std::time::Instant>) {
    if let Some(at) = wake {
        tokio::time::sleep_until(at.into()).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_servers_own_names_are_hosts() {
        let loopback: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        assert!(host_allowed("127.0.0.1:8080", loopback));
        assert!(host_allowed("localhost:8080", loopback));
        assert!(host_allowed("LOCALHOST:8080", loopback));
        assert!(host_allowed("[::1]:8080", loopback));
        assert!(!host_allowed("127.0.0.1:8081", loopback));
        assert!(!host_allowed("evil.example:8080", loopback));
        assert!(!host_allowed("127.0.0.1", loopback));
        assert!(!host_allowed("", loopback));
        assert!(!host_allowed("10.0.0.2:8080", loopback));
        let everywhere: SocketAddr = "0.0.0.0:9000".parse().unwrap();
        assert!(host_allowed("10.0.0.2:9000", everywhere));
        assert!(!host_allowed("attacker.example:9000", everywhere));
        let lan: SocketAddr = "192.168.1.5:9000".parse().unwrap();
        assert!(host_allowed("192.168.1.5:9000", lan));
        assert!(!host_allowed("localhost:9000", lan));
    }
}
