//! The short, stable name of one option: what a button id or a typed command carries.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The longest key: a Discord custom id `v2:<tour>:<stage>:<step>:<key>` must stay under 100
/// characters, and 40 leaves room for the rest.
pub const MAX_KEY_LEN: usize = 40;

/// An option's key, kept inline (no allocation) so that listing options stays cheap.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key {
    len: u8,
    bytes: [u8; MAX_KEY_LEN],
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a choice key has at most {MAX_KEY_LEN} characters of ASCII text, and '{0}' does not fit")]
pub struct BadKey(pub String);

impl Key {
    /// Keys are printable ASCII without spaces, so they survive any id or command line.
    pub fn new(text: &str) -> Result<Key, BadKey> {
        let mut key = Key::empty();
        if text.is_empty() || fmt::Write::write_str(&mut key, text).is_err() {
            return Err(BadKey(text.to_string()));
        }
        Ok(key)
    }

    /// An empty key to write into with `write!`; writing past the limit fails.
    pub fn empty() -> Key {
        Key {
            len: 0,
            bytes: [0; MAX_KEY_LEN],
        }
    }

    /// Appends text; `false` (and the key unchanged) when it would not fit or is not
    /// printable ASCII. Cheaper than `write!`, for keys built in hot loops.
    pub fn push(&mut self, s: &str) -> bool {
        fmt::Write::write_str(self, s).is_ok()
    }

    /// Appends a number in decimal.
    pub fn push_number(&mut self, mut n: u32) -> bool {
        let mut digits = [0u8; 10];
        let mut i = digits.len();
        loop {
            i -= 1;
            digits[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.push(std::str::from_utf8(&digits[i..]).unwrap_or_default())
    }

    pub fn as_str(&self) -> &str {
        // Only ASCII ever goes in (checked in `write_str`).
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or_default()
    }
}

impl fmt::Write for Key {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let start = self.len as usize;
        let end = start + s.len();
        if end > MAX_KEY_LEN || !s.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(fmt::Error);
        }
        self.bytes[start..end].copy_from_slice(s.as_bytes());
        self.len = end as u8;
        Ok(())
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Key({:?})", self.as_str())
    }
}

impl std::str::FromStr for Key {
    type Err = BadKey;
    fn from_str(s: &str) -> Result<Key, BadKey> {
        Key::new(s)
    }
}

impl Serialize for Key {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Key::new(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write;

    #[test]
    fn keys_are_short_printable_ascii() {
        assert_eq!(Key::new("k:3:E").unwrap().as_str(), "k:3:E");
        assert!(Key::new("").is_err());
        assert!(Key::new("has space").is_err());
        assert!(Key::new("é").is_err());
        assert!(Key::new(&"x".repeat(MAX_KEY_LEN)).is_ok());
        let e = Key::new(&"x".repeat(MAX_KEY_LEN + 1)).unwrap_err();
        assert!(e.to_string().contains("at most 40"), "{e}");
        let mut k = Key::empty();
        write!(k, "d:{}", 12).unwrap();
        assert_eq!(k.to_string(), "d:12");
        let mut n = Key::new("k:").unwrap();
        assert!(n.push_number(0) && n.push(":") && n.push_number(4_294_967_295));
        assert_eq!(n.as_str(), "k:0:4294967295");
        let mut full = Key::new(&"x".repeat(MAX_KEY_LEN - 1)).unwrap();
        assert!(!full.push_number(10) && full.as_str().len() == MAX_KEY_LEN - 1);
        assert_eq!(serde_json::to_string(&k).unwrap(), "\"d:12\"");
        assert_eq!(serde_json::from_str::<Key>("\"d:12\"").unwrap(), k);
    }
}
