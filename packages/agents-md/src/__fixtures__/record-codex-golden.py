#!/usr/bin/env python3
# Records what Codex 0.169 renders for the fixture trees: for every directory of every tree,
# several budgets, with and without the CLAUDE.md fallback. Needs the codex CLI at /tmp/codex
# (npm i @openai/codex@0.169.0 there). Run: python3 record-codex-golden.py > codex-0.169-golden.json
import hashlib, json, os, shutil, subprocess, tempfile
TREES = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "tooling", "fixtures", "agents-trees")
cases = []
base = tempfile.mkdtemp(prefix="cxgold")
home = tempfile.mkdtemp(prefix="cxhome")
for tree in ["Kanbus", "codex-security", "codex-session-view", "codex-session-view-overrides"]:
    root = os.path.join(base, tree)
    shutil.copytree(os.path.join(TREES, tree), root)
    os.mkdir(os.path.join(root, ".git"))
    dirs = sorted({os.path.relpath(d, root) for d, _, files in os.walk(root) if ".git" not in d})
    for rel in dirs:
        for budget in [None, 7, 1000, 20000, 40000]:
            for fallbacks in [[], ["CLAUDE.md"]]:
                args = []
                if budget is not None: args += ["-c", f"project_doc_max_bytes={budget}"]
                if fallbacks: args += ["-c", "project_doc_fallback_filenames=" + json.dumps(fallbacks)]
                cwd = os.path.normpath(os.path.join(root, rel))
                p = subprocess.run(["/tmp/codex/node_modules/.bin/codex", "debug", "prompt-input", *args, "hi"], cwd=cwd,
                    env=dict(os.environ, HOME=home, CODEX_HOME=home), capture_output=True, text=True, check=True)
                text = None; directory = None
                for item in json.loads(p.stdout):
                    if item.get("type") == "message" and item["role"] == "user":
                        for c in item["content"]:
                            t = c.get("text", "")
                            if t.startswith("# AGENTS.md instructions"):
                                head, rest = t.split("\n\n<INSTRUCTIONS>\n", 1)
                                assert rest.endswith("\n</INSTRUCTIONS>")
                                text = rest[: -len("\n</INSTRUCTIONS>")]
                                if head.startswith("# AGENTS.md instructions for "):
                                    directory = os.path.relpath(head[len("# AGENTS.md instructions for "):], root)
                case = {"tree": tree, "cwd": rel, "maxBytes": budget, "fallbackFilenames": fallbacks}
                if text is None:
                    case["text"] = None
                else:
                    data = text.encode("utf-8")
                    case.update({"directory": directory, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()})
                cases.append(case)
print(json.dumps({"codex": "0.169.0", "command": "codex debug prompt-input hi (HOME and CODEX_HOME set to an empty folder)", "cases": cases}, indent=1))
