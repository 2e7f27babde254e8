#!/usr/bin/env python3
"""Cuts a fuzz target's corpus down to what is worth keeping in git (docs/fuzzing.md).

    python3 fuzz/trim_corpus.py TARGET MAX_LEN KEEP

After a run, `fuzz/corpus/TARGET/` holds thousands of inputs; libFuzzer's own minimisation
(`cargo fuzz cmin`, the `-merge=1` below) still keeps several hundred, most of them reaching one
or two edges of their own. This keeps the KEEP inputs that reach the most code, plus every
shipped file the corpus was seeded with (`*.toml`, `*.json`), and replaces the folder with them.
It reads the coverage from a merge of the built target (`cargo fuzz build -s none -a` first),
counting edges only (no hit counts, no comparisons), and prints how many edges the kept inputs
reach out of those the whole corpus reaches.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

BINARY = "fuzz/target/x86_64-unknown-linux-gnu/release/{}"


def merge(target, max_len, into, source, control=None):
    """libFuzzer's merge of `source` into `into`; the edges it reports reaching."""
    args = [
        BINARY.format(target),
        "-merge=1",
        "-use_counters=0",
        "-use_cmp=0",
        "-rss_limit_mb=512",
        f"-max_len={max_len}",
        "-timeout=10",
    ]
    if control:
        args.append(f"-merge_control_file={control}")
    out = subprocess.run(args + [into, source], capture_output=True, text=True).stderr
    found = re.search(r"MERGE-OUTER: .* (\d+) new coverage edges", out)
    if not found:
        sys.exit(f"the merge of {source} failed:\n{out}")
    return int(found.group(1))


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    target, max_len, keep = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    corpus = f"fuzz/corpus/{target}"
    with tempfile.TemporaryDirectory() as work:
        control = os.path.join(work, "control")
        os.mkdir(os.path.join(work, "merged"))
        reached = merge(target, max_len, os.path.join(work, "merged"), corpus, control)
        # The control file: the number of inputs, the number in the first folder, their paths,
        # then for each input run the features it reached first (`FT index feature...`).
        lines = open(control).read().split("\n")
        count = int(lines[0])
        files = lines[2 : 2 + count]
        new = {}
        for line in lines[2 + count :]:
            words = line.split()
            if words and words[0] == "FT":
                new[int(words[1])] = len(words) - 2
        best = sorted(new, key=lambda i: (-new[i], os.path.getsize(files[i])))
        kept = os.path.join(work, "kept")
        os.mkdir(kept)
        for i in best[:keep]:
            shutil.copy(files[i], kept)
        for name in os.listdir(corpus):
            if name.endswith((".toml", ".json")):
                shutil.copy(os.path.join(corpus, name), kept)
        os.mkdir(os.path.join(work, "check"))
        reaches = merge(target, max_len, os.path.join(work, "check"), kept)
        shutil.rmtree(corpus)
        shutil.copytree(kept, corpus)
    size = sum(os.path.getsize(os.path.join(corpus, f)) for f in os.listdir(corpus))
    print(
        f"{target}: kept {len(os.listdir(corpus))} inputs ({size} bytes) of {len(files)}, "
        f"reaching {reaches} of the {reached} edges the whole corpus reaches"
    )


if __name__ == "__main__":
    main()
