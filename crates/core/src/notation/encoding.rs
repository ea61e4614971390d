//! The encodings game-record files come in: UTF-8, and Shift_JIS for shogi's `.kif` files.

/// A record's text: UTF-8 (a byte-order mark dropped), else Shift_JIS, the encoding Kifu for
/// Windows and ShogiGUI save `.kif` files in; `None` when it is neither.
pub fn decode(bytes: &[u8]) -> Option<String> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => Some(s.to_string()),
        Err(_) => encoding_rs::SHIFT_JIS
            .decode_without_bom_handling_and_without_replacement(bytes)
            .map(|s| s.into_owned()),
    }
}
