/**
 * The LibreOffice bridge: a long-lived Debian `/usr/bin/python3` (python3-uno) that starts one
 * headless soffice.bin listening on a private pipe with its own profile, then converts documents to
 * PDF over UNO, one JSON line per request on stdin and one answer per line on stdout:
 *
 *   → {"id": 1, "in": "/…/source.docx", "out": "/…/document.pdf", "filter": null, "options": null}
 *   ← {"id": 1, "ok": true, "ms": 120}   or   {"id": 1, "ok": false, "code": "CORRUPT", "error": "…"}
 *
 * The first line is {"ready": true, "pid": <soffice pid>} (or {"ready": false, "error": …}).
 * soffice.bin gets the address-space limit and PR_SET_PDEATHSIG, so it dies with the bridge; the
 * bridge exits when its stdin closes (the server went away). Kept as a string (run with
 * `python3 -c`) so the bundled server needs no file beside it.
 */
export const BRIDGE_PY = String.raw`
import ctypes, json, os, resource, signal, subprocess, sys, time

def out(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()

def main():
    soffice, profile, pipe, mem = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    try:
        import uno
        from com.sun.star.beans import PropertyValue
        from com.sun.star.connection import NoConnectException
    except Exception as e:
        out({"ready": False, "error": "python3-uno is not available: %s" % e})
        return 2
    libc = ctypes.CDLL(None)

    def limits():
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: die with this bridge
        if mem > 0:
            resource.setrlimit(resource.RLIMIT_AS, (mem, mem))

    def pv(name, value):
        p = PropertyValue()
        p.Name = name
        p.Value = value
        return p

    url = "pipe,name=%s;urp;StarOffice.ComponentContext" % pipe
    args = [soffice, "--headless", "--invisible", "--nologo", "--norestore", "--nodefault", "--nolockcheck",
            "--nofirststartwizard", "--accept=" + url, "-env:UserInstallation=" + profile]
    env = dict(os.environ, SAL_ENABLE_FILE_LOCKING="1")
    start = lambda: subprocess.Popen(args, preexec_fn=limits, env=env, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    proc = start()
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    ctx = None
    deadline = time.time() + 90
    while ctx is None:
        code = proc.poll()
        if code == 81:  # first start with a new profile: LibreOffice asks to be started again
            proc = start()
            continue
        if code is not None:
            out({"ready": False, "error": "soffice exited with %d" % code})
            return 3
        try:
            ctx = resolver.resolve("uno:" + url)
        except NoConnectException:
            if time.time() > deadline:
                proc.kill()
                out({"ready": False, "error": "soffice did not accept a connection"})
                return 4
            time.sleep(0.05)
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    out({"ready": True, "pid": proc.pid})

    for line in sys.stdin:
        req = json.loads(line)
        t0 = time.time()
        doc = None
        try:
            props = [pv("Hidden", True), pv("ReadOnly", True), pv("MacroExecutionMode", 0), pv("UpdateDocMode", 0)]
            if req.get("filter"):
                props.append(pv("FilterName", req["filter"]))
            if req.get("options"):
                props.append(pv("FilterOptions", req["options"]))
            try:
                doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(req["in"]), "_blank", 0, tuple(props))
            except Exception as e:
                if proc.poll() is not None:
                    raise
                out({"id": req["id"], "ok": False, "code": "CORRUPT", "error": "%s: %s" % (type(e).__name__, e)})
                continue
            if doc is None:
                out({"id": req["id"], "ok": False, "code": "CORRUPT", "error": "LibreOffice could not open the document"})
                continue
            if doc.supportsService("com.sun.star.sheet.SpreadsheetDocument"):
                export = "calc_pdf_Export"
            elif doc.supportsService("com.sun.star.presentation.PresentationDocument"):
                export = "impress_pdf_Export"
            elif doc.supportsService("com.sun.star.drawing.DrawingDocument"):
                export = "draw_pdf_Export"
            else:
                export = "writer_pdf_Export"
            data = uno.Any("[]com.sun.star.beans.PropertyValue", (pv("ReduceImageResolution", False),))
            doc.storeToURL(uno.systemPathToFileUrl(req["out"]), (pv("FilterName", export), pv("FilterData", data)))
            out({"id": req["id"], "ok": True, "ms": int((time.time() - t0) * 1000)})
        except Exception as e:
            # The connection or soffice itself failed: answer, then exit so the server starts a new one.
            out({"id": req["id"], "ok": False, "code": "FAILED", "error": "%s: %s" % (type(e).__name__, e), "fatal": proc.poll() is not None})
            if proc.poll() is not None:
                return 5
        finally:
            if doc is not None:
                try:
                    doc.close(True)
                except Exception:
                    pass
    try:
        desktop.terminate()
    except Exception:
        pass
    try:
        proc.wait(5)
    except Exception:
        proc.kill()
    return 0

# os._exit: UNO's bridge threads can keep a normal interpreter exit waiting.
code = main()
sys.stdout.flush()
os._exit(code)
`;
