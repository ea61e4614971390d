//! A small WebDriver client (the W3C protocol, JSON over HTTP) for the browser test: it starts
//! Debian's chromedriver with headless Chromium on a fresh profile, and always kills both.

#![allow(dead_code)]

use super::http::request;
use serde_json::{Value, json};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A browser session; dropping it ends the session and kills the driver's process group.
pub struct Browser {
    driver: Child,
    addr: SocketAddr,
    session: String,
    profile: PathBuf,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Browser {
    /// Starts chromedriver and a headless Chromium session, or says what is missing.
    pub fn start(profile: &Path) -> Result<Browser, String> {
        for exe in [CHROMIUM, CHROMEDRIVER] {
            if !Path::new(exe).exists() {
                return Err(format!(
                    "{exe} is missing: run scripts/test (it installs chromium and \
                     chromium-driver from scripts/packages.txt)"
                ));
            }
        }
        let port = free_port();
        let mut cmd = Command::new(CHROMEDRIVER);
        cmd.arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let driver = cmd
            .spawn()
            .map_err(|e| format!("cannot start chromedriver: {e}"))?;
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let mut b = Browser {
            driver,
            addr,
            session: String::new(),
            profile: profile.to_path_buf(),
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while request(addr, "GET", "/status", None).is_err() {
            if Instant::now() > deadline {
                return Err("chromedriver did not answer within 20 s".into());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = std::fs::remove_dir_all(profile);
        let args = [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1400,1100",
        ];
        let mut args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.display()));
        let caps = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args}}}});
        let v = b.call("POST", "/session", Some(caps))?;
        b.session = v["sessionId"]
            .as_str()
            .ok_or_else(|| format!("no session: {v}"))?
            .to_string();
        Ok(b)
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let text = body.map(|b| b.to_string());
        let a = request(self.addr, method, path, text.as_deref())
            .map_err(|e| format!("{method} {path}: {e}"))?;
        let v: Value = serde_json::from_str(&a.body)
            .map_err(|e| format!("{method} {path}: not JSON ({e}): {}", a.body))?;
        if a.status != 200 {
            return Err(format!("{method} {path}: {}", v["value"]));
        }
        Ok(v["value"].clone())
    }

    fn session_call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let full = format!("/session/{}{path}", self.session);
        self.call(method, &full, body)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// Opens a page.
    pub fn open(&self, url: &str) {
        self.session_call("POST", "/url", Some(json!({"url": url})));
    }

    /// The element id of the first element matching a CSS selector.
    pub fn find(&self, css: &str) -> String {
        let v = self.session_call(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        v[ELEMENT].as_str().expect("an element id").to_string()
    }

    /// Clicks the element matching `css` (the driver moves the mouse there and presses).
    pub fn click(&self, css: &str) {
        let id = self.find(css);
        self.session_call("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    /// Drags with the mouse from the centre of one element to the centre of another (both
    /// measured before the drag starts: the page may redraw them on the way).
    pub fn drag(&self, from_css: &str, to_css: &str) {
        let script = format!(
            "const a = document.querySelector({from_css:?}), b = document.querySelector({to_css:?}); \
             a.scrollIntoView({{block: 'center'}}); \
             const c = (e) => {{ const r = e.getBoundingClientRect(); \
               return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)]; }}; \
             return [c(a), c(b)];"
        );
        let v = self.eval(&script);
        let at = |i: usize, j: usize| v[i][j].as_i64().expect("a coordinate");
        let actions = json!({"actions": [{"type": "pointer", "id": "mouse",
            "parameters": {"pointerType": "mouse"}, "actions": [
                {"type": "pointerMove", "origin": "viewport", "x": at(0, 0), "y": at(0, 1)},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerMove", "origin": "viewport", "x": at(0, 0) + 10, "y": at(0, 1) + 10,
                 "duration": 50},
                {"type": "pointerMove", "origin": "viewport", "x": at(1, 0), "y": at(1, 1),
                 "duration": 150},
                {"type": "pointerUp", "button": 0}]}]});
        self.session_call("POST", "/actions", Some(actions));
        self.session_call("DELETE", "/actions", None);
    }

    /// Types into the element matching `css` after clearing it.
    pub fn type_into(&self, css: &str, text: &str) {
        let id = self.find(css);
        self.session_call("POST", &format!("/element/{id}/clear"), Some(json!({})));
        self.session_call(
            "POST",
            &format!("/element/{id}/value"),
            Some(json!({"text": text})),
        );
    }

    /// Runs a script in the page and returns its value.
    pub fn eval(&self, script: &str) -> Value {
        self.session_call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
    }

    /// Waits until `script` returns something truthy; panics with `what` after `limit`.
    pub fn wait_for(&self, script: &str, limit: Duration, what: &str) -> Value {
        let deadline = Instant::now() + limit;
        loop {
            let v = self.eval(script);
            let truthy =
                !matches!(&v, Value::Null | Value::Bool(false)) && v != json!(0) && v != json!("");
            if truthy {
                return v;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Saves a PNG of the whole window, or of one element when `css` is given.
    pub fn screenshot(&self, css: Option<&str>, path: &Path) {
        let v = match css {
            None => self.session_call("GET", "/screenshot", None),
            Some(c) => {
                let id = self.find(c);
                self.session_call("GET", &format!("/element/{id}/screenshot"), None)
            }
        };
        let png = base64_decode(v.as_str().expect("base64 PNG"));
        assert!(png.starts_with(b"\x89PNG"), "a PNG");
        std::fs::write(path, png).expect("screenshot written");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = request(
                self.addr,
                "DELETE",
                &format!("/session/{}", self.session),
                None,
            );
        }
        // The driver leads its own process group; the browser's processes are in it.
        let _ = Command::new("kill")
            .args(["-9", "--", &format!("-{}", self.driver.id())])
            .status();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Standard base64 (with padding) to bytes.
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for c in text.bytes().filter_map(value) {
        acc = (acc << 6) | c;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}
