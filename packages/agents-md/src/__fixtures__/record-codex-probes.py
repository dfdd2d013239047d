#!/usr/bin/env python3
# Records what Codex 0.169 renders for small trees that each probe one discovery rule (budget,
# blank files, overrides, encodings, symlinks, special files, the global file, fallbacks,
# markers). Needs the codex CLI at /tmp/codex (npm i @openai/codex@0.169.0 there).
# Run: python3 record-codex-probes.py > codex-0.169-probes.json
import base64, json, os, subprocess, tempfile

def f(path, data): return {"path": path, "kind": "file", "base64": base64.b64encode(data).decode()}
def d(path): return {"path": path, "kind": "directory"}
def l(path, target): return {"path": path, "kind": "symlink", "target": target}
def fifo(path): return {"path": path, "kind": "fifo"}

PROBES = [
    ("reference budget example", [d("p/.git"), f("p/AGENTS.md", b"root"), f("p/nested/AGENTS.md", b"abcdef")], "p/nested", {"maxBytes": 7}),
    ("blank root file costs nothing", [d("p/.git"), f("p/AGENTS.md", b"   \n"), f("p/a/AGENTS.md", b"xyz"), f("p/a/b/AGENTS.md", b"abc")], "p/a/b", {"maxBytes": 4}),
    ("file blank within the budget is skipped", [d("p/.git"), f("p/AGENTS.md", b"   abc"), f("p/a/AGENTS.md", b"xyz")], "p/a", {"maxBytes": 3}),
    ("blank override claims its directory", [d("p/.git"), f("p/AGENTS.override.md", b" \n\t"), f("p/AGENTS.md", b"real")], "p", {}),
    ("cut inside a character", [d("p/.git"), f("p/AGENTS.md", "h\u00e9llo".encode())], "p", {"maxBytes": 2}),
    ("BOM, CRLF and trailing newlines kept", [d("p/.git"), f("p/AGENTS.md", b"\xef\xbb\xbfone\r\ntwo\r\n"), f("p/n/AGENTS.md", b"three\n")], "p/n", {}),
    ("invalid UTF-8", [d("p/.git"), f("p/AGENTS.md", b"project\xff doc")], "p", {}),
    ("symlinked cwd", [d("p/.git"), f("p/AGENTS.md", b"root"), f("p/real/sub/AGENTS.md", b"sub"), l("link", "p/real/sub"), f("AGENTS.md", b"beside the link")], "link", {}),
    ("symlinked file and a directory named like the override", [d("p/.git"), f("p/shared/doc.md", b"shared"), l("p/a/AGENTS.md", "../shared/doc.md"), d("p/AGENTS.override.md"), f("p/AGENTS.md", b"rootdoc")], "p/a", {}),
    ("FIFO named like the override", [d("p/.git"), fifo("p/AGENTS.override.md"), f("p/AGENTS.md", b"after fifo")], "p", {}),
    ("dangling override", [d("p/.git"), f("p/AGENTS.md", b"root"), l("p/a/AGENTS.override.md", "nowhere"), f("p/a/AGENTS.md", b"a-doc")], "p/a", {}),
    ("symlink loop as override", [d("p/.git"), f("p/AGENTS.md", b"root"), l("p/a/AGENTS.override.md", "AGENTS.override.md"), f("p/a/AGENTS.md", b"a-doc")], "p/a", {}),
    ("global: blank override, trimmed AGENTS.md, then project", [f("home/AGENTS.override.md", b"  \n\n"), f("home/AGENTS.md", b"\n  global text \n\n"), d("p/.git"), f("p/AGENTS.md", b"root"), f("p/nested/AGENTS.md", b"abcdef")], "p/nested", {"home": "home"}),
    ("global alone names no directory", [f("home/AGENTS.md", b"global"), d("empty")], "empty", {"home": "home"}),
    ("global: directory named like the override", [d("home/AGENTS.override.md"), f("home/AGENTS.md", b"g2"), d("empty")], "empty", {"home": "home"}),
    ("global: symlink loop as override", [l("home/AGENTS.override.md", "AGENTS.override.md"), f("home/AGENTS.md", b"g3"), d("empty")], "empty", {"home": "home"}),
    ("global stays with project files off", [f("home/AGENTS.md", b"global"), d("p/.git"), f("p/AGENTS.md", b"root")], "p", {"home": "home", "maxBytes": 0}),
    ("global is not bound by the budget", [f("home/AGENTS.md", b"a long global text"), d("p/.git"), f("p/AGENTS.md", b"root")], "p", {"home": "home", "maxBytes": 4}),
    ("fallback names trimmed and de-duplicated", [d("p/.git"), f("p/CLAUDE.md", b"claude-root"), f("p/a/NOTES.md", b"notes-a"), f("p/a/b/AGENTS.md", b"agents-b"), f("p/a/b/CLAUDE.md", b"claude-b")], "p/a/b", {"fallbackFilenames": ["CLAUDE.md", " NOTES.md ", "", "CLAUDE.md"]}),
    ("empty marker list", [d("p/.git"), f("p/AGENTS.md", b"root"), f("p/a/AGENTS.md", b"a")], "p/a", {"rootMarkers": []}),
    ("custom marker", [d("p/.git"), f("p/AGENTS.md", b"root"), f("p/a/.hg", b""), f("p/a/AGENTS.md", b"a"), f("p/a/b/AGENTS.md", b"b")], "p/a/b", {"rootMarkers": [".hg"]}),
    ("nearest .git wins, a worktree file counts", [d("p/.git"), f("p/AGENTS.md", b"outer"), f("p/inner/.git", b"gitdir: elsewhere"), f("p/inner/AGENTS.md", b"inner"), f("p/inner/x/AGENTS.md", b"x")], "p/inner/x", {}),
    ("no marker: cwd alone", [f("p/AGENTS.md", b"root"), f("p/a/AGENTS.md", b"a")], "p/a", {}),
]

def build(base, tree):
    for entry in tree:
        path = os.path.join(base, entry["path"])
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if entry["kind"] == "file":
            open(path, "wb").write(base64.b64decode(entry["base64"]))
        elif entry["kind"] == "directory":
            os.makedirs(path, exist_ok=True)
        elif entry["kind"] == "symlink":
            os.symlink(entry["target"], path)
        elif entry["kind"] == "fifo":
            os.mkfifo(path)

cases = []
for name, tree, cwd, options in PROBES:
    base = os.path.realpath(tempfile.mkdtemp(prefix="cxprobe"))
    build(base, tree)
    home = os.path.join(base, options["home"]) if "home" in options else tempfile.mkdtemp(prefix="cxhome")
    args = []
    if "maxBytes" in options: args += ["-c", f"project_doc_max_bytes={options['maxBytes']}"]
    if "fallbackFilenames" in options: args += ["-c", "project_doc_fallback_filenames=" + json.dumps(options["fallbackFilenames"])]
    if "rootMarkers" in options: args += ["-c", "project_root_markers=" + json.dumps(options["rootMarkers"])]
    p = subprocess.run(["/tmp/codex/node_modules/.bin/codex", "debug", "prompt-input", *args, "hi"], cwd=os.path.join(base, cwd),
        env=dict(os.environ, HOME=home, CODEX_HOME=home), capture_output=True, text=True, check=True)
    text, directory = None, None
    for item in json.loads(p.stdout):
        if item.get("type") == "message" and item["role"] == "user":
            for c in item["content"]:
                t = c.get("text", "")
                if t.startswith("# AGENTS.md instructions"):
                    head, rest = t.split("\n\n<INSTRUCTIONS>\n", 1)
                    text = rest[: -len("\n</INSTRUCTIONS>")]
                    if head.startswith("# AGENTS.md instructions for "):
                        directory = os.path.relpath(head[len("# AGENTS.md instructions for "):], base)
    cases.append({"name": name, "tree": tree, "cwd": cwd, "options": options, "text": text, "directory": directory})
print(json.dumps({"codex": "0.169.0", "command": "codex debug prompt-input hi", "cases": cases}, indent=1, ensure_ascii=False))
