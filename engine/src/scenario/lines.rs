//! The line of the file each script entry starts on, so that a refused choice is found in the
//! editor at once. serde_json keeps no positions of values it read, so the top-level `script`
//! array is walked here over text already known to be valid JSON.

/// The 1-based line of each element of the top-level `"script"` array; empty when there is
/// none or the text is not what was expected (messages then give entry numbers alone).
pub(super) fn script_entry_lines(text: &str) -> Vec<usize> {
    let mut scan = Scan {
        b: text.as_bytes(),
        i: 0,
    };
    scan.top_level().unwrap_or_default()
}

struct Scan<'a> {
    b: &'a [u8],
    i: usize,
}

impl Scan<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn ws(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> Option<()> {
        self.ws();
        (self.peek()? == c).then(|| self.i += 1)
    }

    fn line(&self) -> usize {
        1 + self.b[..self.i].iter().filter(|&&c| c == b'\n').count()
    }

    /// A string's raw content (escapes left as written).
    fn string(&mut self) -> Option<&[u8]> {
        self.eat(b'"')?;
        let start = self.i;
        loop {
            match self.peek()? {
                b'\\' => self.i += 2,
                b'"' => break,
                _ => self.i += 1,
            }
        }
        let content = &self.b[start..self.i];
        self.i += 1;
        Some(content)
    }

    fn value(&mut self) -> Option<()> {
        self.ws();
        match self.peek()? {
            b'"' => self.string().map(|_| ()),
            b'{' => self.members(|scan, _| scan.value()),
            b'[' => self.elements(|scan| scan.value()),
            _ => {
                while self
                    .peek()
                    .is_some_and(|c| !matches!(c, b',' | b']' | b'}') && !c.is_ascii_whitespace())
                {
                    self.i += 1;
                }
                Some(())
            }
        }
    }

    fn members(&mut self, mut each: impl FnMut(&mut Self, &[u8]) -> Option<()>) -> Option<()> {
        self.eat(b'{')?;
        if self.eat(b'}').is_some() {
            return Some(());
        }
        loop {
            let key = self.string()?.to_vec();
            self.eat(b':')?;
            each(self, &key)?;
            if self.eat(b',').is_none() {
                return self.eat(b'}');
            }
        }
    }

    fn elements(&mut self, mut each: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.eat(b'[')?;
        if self.eat(b']').is_some() {
            return Some(());
        }
        loop {
            each(self)?;
            if self.eat(b',').is_none() {
                return self.eat(b']');
            }
        }
    }

    fn top_level(&mut self) -> Option<Vec<usize>> {
        let mut lines = Vec::new();
        self.members(|scan, key| {
            if key == b"script" {
                scan.ws();
                if scan.peek() == Some(b'[') {
                    return scan.elements(|scan| {
                        scan.ws();
                        lines.push(scan.line());
                        scan.value()
                    });
                }
            }
            scan.value()
        })?;
        Some(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::script_entry_lines;

    #[test]
    fn each_entry_is_found_on_its_line() {
        let text = "{\"ruleset\": \"x\", \"riders\": [{\"id\": \"a]\\\"}\"}],\n \"script\": [\n  \"Keep 5\",\n  {\"choose\": \"Keep [3]\", \"rider\": \"a\"}, \"k:0:5\"\n ],\n \"dice\": [1, 2]}";
        assert_eq!(script_entry_lines(text), vec![3, 4, 4]);
        assert_eq!(script_entry_lines("{\"script\": []}"), Vec::<usize>::new());
        assert_eq!(
            script_entry_lines("{\"nested\": {\"script\": [1]}}"),
            Vec::<usize>::new(),
            "only the top-level script"
        );
    }
}
