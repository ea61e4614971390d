//! A small blocking HTTP/1.1 client over loopback for the web board's tests (the API tests,
//! the load test and the WebDriver client): one request per connection, JSON bodies.

#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// An answer: status and body.
pub struct Answer {
    pub status: u16,
    pub body: String,
}

impl Answer {
    /// The body as JSON (panics with the body when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// Sends one request with a JSON body and reads the whole answer (the server closes the
/// connection).
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> std::io::Result<Answer> {
    request_typed(addr, method, path, body, "application/json")
}

/// Like `request`, with the body's content type given.
pub fn request_typed(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    content_type: &str,
) -> std::io::Result<Answer> {
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(10))?;
    s.set_read_timeout(Some(Duration::from_secs(120)))?;
    let body = body.unwrap_or("");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes())?;
    s.write_all(body.as_bytes())?;
    let mut r = BufReader::new(s);
    let mut status_line = String::new();
    r.read_line(&mut status_line)?;
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("bad status line {status_line:?}")))?;
    let mut chunked = false;
    let mut length: Option<usize> = None;
    loop {
        let mut line = String::new();
        r.read_line(&mut line)?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let lower = line.to_ascii_lowercase();
        if lower.starts_with("transfer-encoding:") && lower.contains("chunked") {
            chunked = true;
        }
        if let Some(v) = lower.strip_prefix("content-length:") {
            length = v.trim().parse().ok();
        }
    }
    let mut bytes = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            r.read_line(&mut size)?;
            let n = usize::from_str_radix(size.trim(), 16).map_err(std::io::Error::other)?;
            if n == 0 {
                break;
            }
            let mut chunk = vec![0; n + 2];
            r.read_exact(&mut chunk)?;
            bytes.extend_from_slice(&chunk[..n]);
        }
    } else if let Some(n) = length {
        bytes.resize(n, 0);
        r.read_exact(&mut bytes)?;
    } else {
        r.read_to_end(&mut bytes)?;
    }
    Ok(Answer {
        status,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    })
}

/// A POST with a JSON body.
pub fn post(addr: SocketAddr, path: &str, body: &Value) -> Answer {
    request(addr, "POST", path, Some(&body.to_string()))
        .unwrap_or_else(|e| panic!("POST {path}: {e}"))
}

/// A GET.
pub fn get(addr: SocketAddr, path: &str) -> Answer {
    request(addr, "GET", path, None).unwrap_or_else(|e| panic!("GET {path}: {e}"))
}

/// Reads server-sent events from `path` until `done` accepts one event's data or `limit`
/// passes; returns the accepted data.
pub fn wait_event(
    addr: SocketAddr,
    path: &str,
    limit: Duration,
    mut done: impl FnMut(&Value) -> bool,
) -> Option<Value> {
    let mut s = TcpStream::connect(addr).ok()?;
    s.set_read_timeout(Some(Duration::from_millis(200))).ok()?;
    // HTTP/1.0: the stream comes unchunked, delimited by the connection's end.
    let head = format!("GET {path} HTTP/1.0\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n");
    s.write_all(head.as_bytes()).ok()?;
    let start = std::time::Instant::now();
    let mut buf = String::new();
    let mut chunk = [0u8; 8192];
    while start.elapsed() < limit {
        match s.read(&mut chunk) {
            Ok(0) => return None,
            Ok(n) => buf.push_str(&String::from_utf8_lossy(&chunk[..n])),
            Err(_) => continue,
        }
        while let Some(i) = buf.find("\n\n") {
            let event: String = buf[..i].to_string();
            buf.drain(..i + 2);
            for line in event.lines() {
                let data = line.strip_prefix("data: ");
                if let Some(v) = data.and_then(|d| serde_json::from_str::<Value>(d).ok())
                    && done(&v)
                {
                    return Some(v);
                }
            }
        }
    }
    None
}
