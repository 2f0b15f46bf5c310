"""What the scripts beside this one share: a server started on a free loopback port, waited for until
it answers PING, and its resident memory read from /proc."""
import shlex
import socket
import subprocess
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss(pid):
    """VmRSS of a process, in bytes."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for pid {pid}")


def wait_ping(port, proc=None):
    for _ in range(480):
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode} before answering PING")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return
        except OSError:
            pass
        time.sleep(0.25)
    raise RuntimeError(f"server on port {port} never answered PING")


def start(command, prefix=()):
    """Starts COMMAND ("{port}" replaced by a free port; ./jab execs java, so the pid is the server's), run by
    PREFIX if given (commands that exec what follows: taskset, a shell joining a cgroup), and waits for PING."""
    port = free_port()
    proc = subprocess.Popen(list(prefix) + shlex.split(command.replace("{port}", str(port))), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        wait_ping(port, proc)
    except BaseException:
        stop(proc)
        raise
    return proc, port


def stop(proc):
    proc.terminate()
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
