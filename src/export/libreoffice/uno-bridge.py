#!/usr/bin/python3
# Bridge between Folio (Node) and one long-lived headless LibreOffice, over UNO.
#
# Started by libreoffice-instance.ts next to each `soffice --accept=pipe,name=...` it runs. Connecting
# once and reusing the connection is what makes a warm conversion cheap: no soffice start, no profile
# load, no Python start per document.
#
# Protocol: one JSON object per line on stdin, one JSON answer per line on stdout.
#   {"id": 1, "op": "convert", "src": "/abs/in.docx", "dst": "/abs/out.pdf", "filter": "writer_pdf_Export",
#    "filter_options": "...", "recalc": true}
#   {"id": 2, "op": "ping"}
#   -> {"id": 1, "ok": true} | {"id": 1, "ok": false, "kind": "unreadable" | "crashed" | "failed", "message": "..."}
# The first line written is {"event": "ready"} once the connection is up.
# A lost connection (soffice crashed or was killed) is answered with kind "crashed", then the bridge exits:
# the instance is restarted as a whole.
# Arguments: pipe name, start timeout in seconds, Folio's pid, soffice's pid (its process group leader).
# LibreOffice must not outlive Folio: when stdin closes, or when Folio's process is gone at any moment
# (a kill -9 while the instance was still starting included), the bridge ends LibreOffice's process group.
import json
import os
import signal
import sys
import threading
import time

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException
from com.sun.star.lang import DisposedException, IllegalArgumentException
from com.sun.star.io import IOException

# Load settings that keep a document from doing anything but being read: no macros (NEVER_EXECUTE),
# no link updates (NO_UPDATE, so no remote fetches), no repair dialog, no UI.
LOAD_PROPS = (("Hidden", True), ("ReadOnly", True), ("MacroExecutionMode", 0), ("UpdateDocMode", 0),
              ("RepairPackage", False), ("Silent", True))


class Unreadable(Exception):
    pass


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def emit(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def connect(pipe, timeout_s):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            return resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        except NoConnectException:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def is_lost_connection(err):
    if isinstance(err, DisposedException):
        return True
    text = str(err).lower()
    return "disposed" in text or "broken pipe" in text or ("connection" in text and "lost" in text)


def convert(desktop, req):
    src = uno.systemPathToFileUrl(req["src"])
    dst = uno.systemPathToFileUrl(req["dst"])
    try:
        doc = desktop.loadComponentFromURL(src, "_blank", 0, tuple(prop(k, v) for k, v in LOAD_PROPS))
    except (IllegalArgumentException, IOException) as err:
        raise Unreadable(str(err) or type(err).__name__)
    if doc is None:
        raise Unreadable("LibreOffice could not open the document")
    try:
        # Generated workbooks often carry formulas without cached results: compute them before export.
        if req.get("recalc") and hasattr(doc, "calculateAll"):
            doc.calculateAll()
        store = [prop("FilterName", req["filter"]), prop("Overwrite", True)]
        if req.get("filter_options"):
            store.append(prop("FilterOptions", req["filter_options"]))
        doc.storeToURL(dst, tuple(store))
    finally:
        try:
            doc.close(True)
        except Exception:
            try:
                doc.dispose()
            except Exception:
                pass


def end_office(soffice_pgid, desktop):
    """Asks LibreOffice to quit when connected, then makes sure its whole process group is gone."""
    if desktop is not None:
        quitter = threading.Thread(target=lambda: _quietly(desktop.terminate), daemon=True)
        quitter.start()
        quitter.join(3)
    if soffice_pgid > 0:
        for sig, wait in ((signal.SIGTERM, 2.0), (signal.SIGKILL, 0)):
            try:
                os.killpg(soffice_pgid, sig)
            except (ProcessLookupError, PermissionError):
                return
            deadline = time.monotonic() + wait
            while time.monotonic() < deadline:
                try:
                    os.killpg(soffice_pgid, 0)
                except (ProcessLookupError, PermissionError):
                    return
                time.sleep(0.1)


def _quietly(fn):
    try:
        fn()
    except Exception:
        pass


def watch_parent(parent_pid, soffice_pgid, state):
    """Folio died without closing our stdin in time (or before we read it): end LibreOffice, then exit."""
    while True:
        if os.getppid() != parent_pid:
            end_office(soffice_pgid, state.get("desktop"))
            os._exit(4)
        time.sleep(0.5)


STATE = {"soffice_pgid": 0}


def main():
    pipe, timeout_s = sys.argv[1], float(sys.argv[2])
    parent_pid = int(sys.argv[3]) if len(sys.argv) > 3 else os.getppid()
    soffice_pgid = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    STATE["soffice_pgid"] = soffice_pgid
    threading.Thread(target=watch_parent, args=(parent_pid, soffice_pgid, STATE), daemon=True).start()
    ctx = connect(pipe, timeout_s)
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    STATE["desktop"] = desktop
    try:
        emit({"event": "ready"})
    except (BrokenPipeError, OSError):  # Folio is gone: nobody will ever use this instance
        end_office(soffice_pgid, desktop)
        sys.exit(4)
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        rid = req.get("id")
        try:
            if req["op"] == "convert":
                convert(desktop, req)
            elif req["op"] == "ping":
                desktop.getComponents()
            emit({"id": rid, "ok": True})
        except Unreadable as err:
            emit({"id": rid, "ok": False, "kind": "unreadable", "message": str(err)})
        except Exception as err:
            if is_lost_connection(err):
                emit({"id": rid, "ok": False, "kind": "crashed", "message": str(err) or type(err).__name__})
                sys.exit(3)
            emit({"id": rid, "ok": False, "kind": "failed", "message": str(err) or type(err).__name__})
    # stdin closed: Folio is stopping this instance (or died). Quit LibreOffice rather than orphan it.
    end_office(soffice_pgid, desktop)


if __name__ == "__main__":
    try:
        main()
    except Exception as err:  # could not connect: the instance start fails with this message
        try:
            emit({"event": "error", "message": str(err) or type(err).__name__})
        except (BrokenPipeError, OSError):  # and Folio is gone too: nobody else will end LibreOffice
            end_office(STATE["soffice_pgid"], None)
        sys.exit(2)
