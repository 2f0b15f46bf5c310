/*
 * RingProbe: does a ring of jab's own pay? A one-thread RESP server (PING, SET, GET, enough CONFIG GET
 * for redis-benchmark) on two kernel interfaces that share every line of parsing, store and reply code,
 * so that what differs between the modes is the way bytes cross the kernel boundary:
 *
 *   --mode epoll  readiness, as Redis does it: epoll_wait, then one read per ready socket, then one
 *                 write per connection with replies (level-triggered; EPOLLOUT only after a short write).
 *   --mode uring  completions: a multishot accept, a multishot receive per connection that picks its
 *                 buffers from a provided buffer ring, and per batch of completions one send per
 *                 connection with replies; one io_uring_enter per loop both submits those sends and
 *                 waits for the next completions.
 *
 * Run by the JDK 25 source launcher, outside jab's Maven build (which targets JDK 17):
 *   java --enable-native-access=ALL-UNNAMED kv/probe/RingProbe.java --port P --mode uring|epoll
 *        [--setup defer|coop|none] [--wait one|sends]
 * x86_64 Linux only: the system call numbers and struct layouts below are that ABI's.
 */

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

public class RingProbe {
    public static void main(String[] args) throws Throwable {
        int port = 6399;
        String mode = "uring";
        String setup = "defer";
        String wait = "sends";
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--mode" -> mode = args[++i];
                case "--setup" -> setup = args[++i];
                case "--wait" -> wait = args[++i];
                default -> usage("unknown option " + args[i]);
            }
        }
        int lfd = Sys.listenLoopback(port);
        Server s = new Server();
        switch (mode) {
            case "epoll" -> {
                EpollLoop loop = new EpollLoop(s, lfd);
                ready(port, mode);
                loop.run();
            }
            case "uring" -> {
                int flags = switch (setup) {
                    case "defer" -> Uring.SETUP_SINGLE_ISSUER | Uring.SETUP_DEFER_TASKRUN;
                    case "coop" -> Uring.SETUP_SINGLE_ISSUER | Uring.SETUP_COOP_TASKRUN;
                    case "none" -> 0;
                    default -> { usage("--setup is defer, coop or none"); yield 0; }
                };
                if (!wait.equals("one") && !wait.equals("sends")) {
                    usage("--wait is one or sends");
                }
                UringLoop loop = new UringLoop(s, lfd, flags, wait.equals("sends"));
                ready(port, mode + ", setup " + setup + ", wait " + wait);
                loop.run();
            }
            default -> usage("--mode is uring or epoll");
        }
    }

    private static void ready(int port, String what) {
        System.out.println("listening on port " + port + " (" + what + ")");
        System.out.flush();
    }

    private static void usage(String why) {
        System.err.println("RingProbe: " + why);
        System.err.println("usage: RingProbe --port P --mode uring|epoll [--setup defer|coop|none] [--wait one|sends]");
        System.exit(2);
    }
}

/** Fails the probe with the call that failed and its errno, as the brief asks when a feature is refused. */
final class SysError extends RuntimeException {
    SysError(String call, int errno) {
        super(call + " failed: errno " + errno + " (" + Sys.errnoName(errno) + ")");
    }
}

/** libc through FFM downcalls; each call captures errno, since EAGAIN and EINTR steer the loops. */
final class Sys {
    static final int EINTR = 4, EAGAIN = 11, EBADF = 9, ENOBUFS = 105, ECONNRESET = 104, EPIPE = 32;
    static final int AF_INET = 2, SOCK_STREAM = 1, SOCK_NONBLOCK = 0x800, SOCK_CLOEXEC = 0x80000;
    static final int SOL_SOCKET = 1, SO_REUSEADDR = 2, IPPROTO_TCP = 6, TCP_NODELAY = 1;
    static final int PROT_READ = 1, PROT_WRITE = 2, MAP_SHARED = 1, MAP_POPULATE = 0x8000;
    static final int MSG_NOSIGNAL = 0x4000, MSG_WAITALL = 0x100, SHUT_RDWR = 2;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();
    private static final StructLayout STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    /** One thread only, so one errno slot serves every call. */
    private static final MemorySegment state = Arena.global().allocate(STATE);

    private static final ValueLayout.OfInt I = JAVA_INT;
    private static final ValueLayout.OfLong L = JAVA_LONG;

    /*
     * Calls that cannot block (nonblocking sockets; io_uring_enter without a wait) are "critical": no
     * switch of the thread's state around the call, the cheapest downcall there is. The two that block
     * (epoll_wait, io_uring_enter waiting) must not be, or a safepoint would wait for them.
     */
    private static final MethodHandle SOCKET = h("socket", false, FunctionDescriptor.of(I, I, I, I));
    private static final MethodHandle SETSOCKOPT = h("setsockopt", true, FunctionDescriptor.of(I, I, I, I, ADDRESS, I));
    private static final MethodHandle BIND = h("bind", false, FunctionDescriptor.of(I, I, ADDRESS, I));
    private static final MethodHandle LISTEN = h("listen", false, FunctionDescriptor.of(I, I, I));
    private static final MethodHandle ACCEPT4 = h("accept4", true, FunctionDescriptor.of(I, I, ADDRESS, ADDRESS, I));
    private static final MethodHandle READ = h("read", true, FunctionDescriptor.of(L, I, ADDRESS, L));
    private static final MethodHandle WRITE = h("write", true, FunctionDescriptor.of(L, I, ADDRESS, L));
    private static final MethodHandle CLOSE = h("close", true, FunctionDescriptor.of(I, I));
    private static final MethodHandle SHUTDOWN = h("shutdown", true, FunctionDescriptor.of(I, I, I));
    private static final MethodHandle EPOLL_CREATE1 = h("epoll_create1", false, FunctionDescriptor.of(I, I));
    private static final MethodHandle EPOLL_CTL = h("epoll_ctl", true, FunctionDescriptor.of(I, I, I, I, ADDRESS));
    private static final MethodHandle EPOLL_WAIT = h("epoll_wait", false, FunctionDescriptor.of(I, I, ADDRESS, I, I));
    private static final MethodHandle MMAP = h("mmap", false, FunctionDescriptor.of(ADDRESS, ADDRESS, L, I, I, I, L));
    /** syscall(2) is variadic: the linker must be told where the variadic part starts. */
    private static final FunctionDescriptor SYSCALL_FD = FunctionDescriptor.of(L, L, L, L, L, L, L, L);
    private static final MethodHandle SYSCALL_BLOCKING = LINKER.downcallHandle(LIBC.find("syscall").orElseThrow(), SYSCALL_FD,
            Linker.Option.firstVariadicArg(1), Linker.Option.captureCallState("errno"));
    private static final MethodHandle SYSCALL_CRITICAL = LINKER.downcallHandle(LIBC.find("syscall").orElseThrow(), SYSCALL_FD,
            Linker.Option.firstVariadicArg(1), Linker.Option.captureCallState("errno"), Linker.Option.critical(false));

    private static MethodHandle h(String name, boolean critical, FunctionDescriptor fd) {
        MemorySegment at = LIBC.find(name).orElseThrow(() -> new IllegalStateException("no " + name + " in libc"));
        return critical
                ? LINKER.downcallHandle(at, fd, Linker.Option.captureCallState("errno"), Linker.Option.critical(false))
                : LINKER.downcallHandle(at, fd, Linker.Option.captureCallState("errno"));
    }

    static int errno() {
        return (int) ERRNO.get(state, 0L);
    }

    static String errnoName(int e) {
        return switch (e) {
            case 1 -> "EPERM";
            case 4 -> "EINTR";
            case 9 -> "EBADF";
            case 11 -> "EAGAIN";
            case 12 -> "ENOMEM";
            case 13 -> "EACCES";
            case 14 -> "EFAULT";
            case 16 -> "EBUSY";
            case 22 -> "EINVAL";
            case 24 -> "EMFILE";
            case 32 -> "EPIPE";
            case 38 -> "ENOSYS";
            case 95 -> "EOPNOTSUPP";
            case 98 -> "EADDRINUSE";
            case 104 -> "ECONNRESET";
            case 105 -> "ENOBUFS";
            default -> "errno " + e;
        };
    }

    static int socket(int domain, int type, int proto) throws Throwable {
        return (int) SOCKET.invokeExact(state, domain, type, proto);
    }

    static int setsockoptInt(int fd, int level, int name, int value) throws Throwable {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(JAVA_INT);
            v.set(JAVA_INT, 0, value);
            return (int) SETSOCKOPT.invokeExact(state, fd, level, name, v, 4);
        }
    }

    static int accept4(int lfd, int flags) throws Throwable {
        return (int) ACCEPT4.invokeExact(state, lfd, MemorySegment.NULL, MemorySegment.NULL, flags);
    }

    static long read(int fd, MemorySegment buf, long n) throws Throwable {
        return (long) READ.invokeExact(state, fd, buf, n);
    }

    static long write(int fd, MemorySegment buf, long n) throws Throwable {
        return (long) WRITE.invokeExact(state, fd, buf, n);
    }

    static int close(int fd) throws Throwable {
        return (int) CLOSE.invokeExact(state, fd);
    }

    static int shutdown(int fd) throws Throwable {
        return (int) SHUTDOWN.invokeExact(state, fd, SHUT_RDWR);
    }

    static int epollCreate1(int flags) throws Throwable {
        return (int) EPOLL_CREATE1.invokeExact(state, flags);
    }

    static int epollCtl(int ep, int op, int fd, MemorySegment event) throws Throwable {
        return (int) EPOLL_CTL.invokeExact(state, ep, op, fd, event);
    }

    static int epollWait(int ep, MemorySegment events, int max, int timeout) throws Throwable {
        return (int) EPOLL_WAIT.invokeExact(state, ep, events, max, timeout);
    }

    static MemorySegment mmapShared(int fd, long length, long offset) throws Throwable {
        MemorySegment p = (MemorySegment) MMAP.invokeExact(state, MemorySegment.NULL, length, PROT_READ | PROT_WRITE,
                MAP_SHARED | MAP_POPULATE, fd, offset);
        if (p.address() == -1L) {
            throw new SysError("mmap(io_uring fd, offset 0x" + Long.toHexString(offset) + ")", errno());
        }
        return p.reinterpret(length);
    }

    static long syscall(long nr, long a, long b, long c, long d, long e, long f) throws Throwable {
        return (long) SYSCALL_BLOCKING.invokeExact(state, nr, a, b, c, d, e, f);
    }

    static long syscallCritical(long nr, long a, long b, long c, long d, long e, long f) throws Throwable {
        return (long) SYSCALL_CRITICAL.invokeExact(state, nr, a, b, c, d, e, f);
    }

    /** A nonblocking listening socket on 127.0.0.1: both modes accept from the same kind of socket. */
    static int listenLoopback(int port) throws Throwable {
        int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (fd < 0) {
            throw new SysError("socket", errno());
        }
        setsockoptInt(fd, SOL_SOCKET, SO_REUSEADDR, 1);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment sin = a.allocate(16);
            sin.set(JAVA_SHORT, 0, (short) AF_INET);
            sin.set(JAVA_BYTE, 2, (byte) (port >>> 8)); // network byte order
            sin.set(JAVA_BYTE, 3, (byte) port);
            sin.set(JAVA_BYTE, 4, (byte) 127);
            sin.set(JAVA_BYTE, 7, (byte) 1);
            if ((int) BIND.invokeExact(state, fd, sin, 16) < 0) {
                throw new SysError("bind(127.0.0.1:" + port + ")", errno());
            }
        }
        if ((int) LISTEN.invokeExact(state, fd, 511) < 0) {
            throw new SysError("listen", errno());
        }
        return fd;
    }
}

/**
 * One client connection: bytes received and not yet parsed (a request cut at a buffer's end waits here
 * for the rest), replies made and not yet handed to the kernel, and the native buffer being sent.
 */
final class Conn {
    final int fd;
    final int gen;
    byte[] in = new byte[16 * 1024];
    int inLen;
    byte[] out = new byte[16 * 1024];
    int outLen;
    /** Replies being written: the kernel may read them after the call that queued them (io_uring). */
    MemorySegment send;
    int sendOff;
    int sendEnd;
    boolean sending;
    boolean dirty;
    boolean closing;
    boolean wantOut;

    Conn(int fd, int gen) {
        this.fd = fd;
        this.gen = gen;
        this.send = Arena.ofAuto().allocate(16 * 1024, 64);
    }

    /**
     * Moves the replies made so far into the native send buffer, once the previous ones are all out;
     * returns the bytes to send (0: nothing, or the last batch is not yet out). Only ever called with no
     * write in flight, so growing the native buffer cannot pull it from under the kernel.
     */
    int stage() {
        if (sendOff < sendEnd) {
            return sendEnd - sendOff;
        }
        if (outLen == 0) {
            return 0;
        }
        if (send.byteSize() < outLen) {
            send = Arena.ofAuto().allocate(Math.max(outLen, 2 * send.byteSize()), 64);
        }
        MemorySegment.copy(out, 0, send, JAVA_BYTE, 0, outLen);
        sendOff = 0;
        sendEnd = outLen;
        outLen = 0;
        return sendEnd;
    }
}

/**
 * The probe's own count of its system calls in the loop, read with the command PROBE: the calls per
 * request without strace, whose stops slow the server so much that its batches grow and the counts drop.
 */
final class Counts {
    static long requests, waits, reads, writes, enters;

    static String text() {
        return "requests=" + requests + " waits=" + waits + " reads=" + reads + " writes=" + writes + " enters=" + enters;
    }
}

/** Parsing, the store and the replies: the same for both modes, so only the kernel interface differs. */
final class Server {
    private static final byte[] OK = "+OK\r\n".getBytes();
    private static final byte[] PONG = "+PONG\r\n".getBytes();
    private static final byte[] NIL = "$-1\r\n".getBytes();

    /** Keys by content: byte arrays hash by identity, so a key carries its bytes and their hash. */
    static final class Key {
        final byte[] b;
        final int h;

        Key(byte[] b) {
            this.b = b;
            this.h = Arrays.hashCode(b);
        }

        @Override
        public int hashCode() {
            return h;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.h == h && Arrays.equals(k.b, b);
        }
    }

    final HashMap<Key, byte[]> store = new HashMap<>();
    private final int[] argOff = new int[64];
    private final int[] argLen = new int[64];
    private int argc;
    /** Set by {@link #number}: the value read. */
    private long num;

    /**
     * Takes n received bytes from native memory, answers every whole request among them (and among
     * what was left from before), keeps a trailing partial request. Returns false when the connection
     * must close (protocol error, after its error reply).
     */
    boolean received(Conn c, MemorySegment src, long off, int n) {
        if (c.in.length - c.inLen < n) {
            c.in = Arrays.copyOf(c.in, Math.max(c.inLen + n, 2 * c.in.length));
        }
        MemorySegment.copy(src, JAVA_BYTE, off, c.in, c.inLen, n);
        c.inLen += n;
        byte[] b = c.in;
        int p = 0;
        boolean keep = true;
        while (p < c.inLen) {
            int next = b[p] == '*' ? parseArray(b, p, c.inLen) : parseInline(b, p, c.inLen);
            if (next == -1) {
                break;
            }
            if (next == -2) {
                error(c, "ERR Protocol error");
                keep = false;
                p = c.inLen;
                break;
            }
            execute(c, b);
            p = next;
        }
        if (p > 0) {
            System.arraycopy(b, p, b, 0, c.inLen - p);
            c.inLen -= p;
        }
        return keep;
    }

    /** Reads digits then CRLF from p; the next position, -1 when incomplete, -2 when malformed. */
    private int number(byte[] b, int p, int lim) {
        long v = 0;
        boolean neg = false;
        if (p < lim && b[p] == '-') {
            neg = true;
            p++;
        }
        int start = p;
        while (p < lim && b[p] >= '0' && b[p] <= '9') {
            v = v * 10 + (b[p] - '0');
            p++;
            if (v > Integer.MAX_VALUE) {
                return -2;
            }
        }
        if (p + 1 >= lim) {
            return -1;
        }
        if (p == start || b[p] != '\r' || b[p + 1] != '\n') {
            return -2;
        }
        num = neg ? -v : v;
        return p + 2;
    }

    private int parseArray(byte[] b, int p, int lim) {
        int q = number(b, p + 1, lim);
        if (q < 0) {
            return q;
        }
        long n = num;
        if (n < 0 || n > argOff.length) {
            return -2;
        }
        argc = (int) n;
        for (int i = 0; i < argc; i++) {
            if (q >= lim) {
                return -1;
            }
            if (b[q] != '$') {
                return -2;
            }
            q = number(b, q + 1, lim);
            if (q < 0) {
                return q;
            }
            if (num < 0) {
                return -2;
            }
            int len = (int) num;
            if ((long) q + len + 2 > lim) {
                return -1;
            }
            if (b[q + len] != '\r' || b[q + len + 1] != '\n') {
                return -2;
            }
            argOff[i] = q;
            argLen[i] = len;
            q += len + 2;
        }
        return q;
    }

    /** redis-cli and telnet users may send a bare line: words split on spaces. */
    private int parseInline(byte[] b, int p, int lim) {
        int nl = -1;
        for (int i = p; i < lim; i++) {
            if (b[i] == '\n') {
                nl = i;
                break;
            }
        }
        if (nl < 0) {
            return -1;
        }
        int end = nl > p && b[nl - 1] == '\r' ? nl - 1 : nl;
        argc = 0;
        int i = p;
        while (i < end) {
            while (i < end && b[i] == ' ') {
                i++;
            }
            int s = i;
            while (i < end && b[i] != ' ') {
                i++;
            }
            if (i > s) {
                if (argc == argOff.length) {
                    return -2;
                }
                argOff[argc] = s;
                argLen[argc] = i - s;
                argc++;
            }
        }
        return nl + 1;
    }

    private boolean is(byte[] b, int arg, String name) {
        if (argLen[arg] != name.length()) {
            return false;
        }
        int o = argOff[arg];
        for (int i = 0; i < name.length(); i++) {
            if ((b[o + i] | 0x20) != name.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private void execute(Conn c, byte[] b) {
        if (argc == 0) {
            return;
        }
        Counts.requests++;
        if (is(b, 0, "get")) {
            if (argc != 2) {
                error(c, "ERR wrong number of arguments for 'get' command");
                return;
            }
            byte[] v = store.get(new Key(Arrays.copyOfRange(b, argOff[1], argOff[1] + argLen[1])));
            if (v == null) {
                append(c, NIL, 0, NIL.length);
            } else {
                bulk(c, v, 0, v.length);
            }
        } else if (is(b, 0, "set")) {
            if (argc != 3) {
                error(c, "ERR wrong number of arguments for 'set' command");
                return;
            }
            store.put(new Key(Arrays.copyOfRange(b, argOff[1], argOff[1] + argLen[1])),
                    Arrays.copyOfRange(b, argOff[2], argOff[2] + argLen[2]));
            append(c, OK, 0, OK.length);
        } else if (is(b, 0, "ping")) {
            if (argc == 1) {
                append(c, PONG, 0, PONG.length);
            } else {
                bulk(c, b, argOff[1], argLen[1]);
            }
        } else if (is(b, 0, "probe")) {
            byte[] t = Counts.text().getBytes();
            bulk(c, t, 0, t.length);
        } else if (is(b, 0, "config") && argc >= 3 && is(b, 1, "get")) {
            // redis-benchmark asks for save and appendonly before it starts
            int found = 0;
            for (int i = 2; i < argc; i++) {
                found += is(b, i, "save") || is(b, i, "appendonly") ? 1 : 0;
            }
            header(c, '*', 2 * found);
            for (int i = 2; i < argc; i++) {
                if (is(b, i, "save")) {
                    bulk(c, b, argOff[i], argLen[i]);
                    bulk(c, b, 0, 0);
                } else if (is(b, i, "appendonly")) {
                    bulk(c, b, argOff[i], argLen[i]);
                    byte[] no = {'n', 'o'};
                    bulk(c, no, 0, 2);
                }
            }
        } else {
            error(c, "ERR unknown command '" + new String(b, argOff[0], argLen[0]) + "'");
        }
    }

    private static void append(Conn c, byte[] src, int off, int len) {
        if (c.out.length - c.outLen < len) {
            c.out = Arrays.copyOf(c.out, Math.max(c.outLen + len, 2 * c.out.length));
        }
        System.arraycopy(src, off, c.out, c.outLen, len);
        c.outLen += len;
        c.dirty = true;
    }

    private static void header(Conn c, char type, int n) {
        byte[] h = (type + Integer.toString(n) + "\r\n").getBytes();
        append(c, h, 0, h.length);
    }

    private static void bulk(Conn c, byte[] v, int off, int len) {
        header(c, '$', len);
        append(c, v, off, len);
        append(c, OK, 3, 2); // CRLF
    }

    private static void error(Conn c, String message) {
        byte[] e = ("-" + message + "\r\n").getBytes();
        append(c, e, 0, e.length);
    }
}

/** Readiness, as Redis: wait, read each ready socket once, then write each connection's replies. */
final class EpollLoop {
    private static final int EPOLLIN = 1, EPOLLOUT = 4, EPOLLERR = 8, EPOLLHUP = 0x10;
    private static final int CTL_ADD = 1, CTL_DEL = 2, CTL_MOD = 3;
    private static final int MAX_EVENTS = 1024;
    /** The same size as the io_uring mode's provided buffers, so both read in the same steps. */
    static final int READ_SIZE = 16 * 1024;

    private final Server s;
    private final int lfd;
    private final int ep;
    private final Conn[] conns = new Conn[65536];
    private final ArrayList<Conn> dirty = new ArrayList<>();
    private final MemorySegment events = Arena.global().allocate(12L * MAX_EVENTS, 8);
    private final MemorySegment ev = Arena.global().allocate(12, 8);
    private final MemorySegment rbuf = Arena.global().allocate(READ_SIZE, 4096);
    private int gen;

    EpollLoop(Server s, int lfd) throws Throwable {
        this.s = s;
        this.lfd = lfd;
        this.ep = Sys.epollCreate1(0x80000);
        if (ep < 0) {
            throw new SysError("epoll_create1", Sys.errno());
        }
        ctl(CTL_ADD, lfd, EPOLLIN);
    }

    /** struct epoll_event is packed on x86_64: 4 bytes of events, then 8 of data at offset 4. */
    private void ctl(int op, int fd, int events) throws Throwable {
        ev.set(JAVA_INT_UNALIGNED, 0, events);
        ev.set(ValueLayout.JAVA_LONG_UNALIGNED, 4, fd);
        if (Sys.epollCtl(ep, op, fd, ev) < 0) {
            throw new SysError("epoll_ctl(" + op + ", fd " + fd + ")", Sys.errno());
        }
    }

    void run() throws Throwable {
        while (true) {
            int n = Sys.epollWait(ep, events, MAX_EVENTS, -1);
            Counts.waits++;
            if (n < 0) {
                int e = Sys.errno();
                if (e == Sys.EINTR) {
                    continue;
                }
                throw new SysError("epoll_wait", e);
            }
            for (int i = 0; i < n; i++) {
                int what = events.get(JAVA_INT_UNALIGNED, 12L * i);
                int fd = (int) events.get(ValueLayout.JAVA_LONG_UNALIGNED, 12L * i + 4);
                if (fd == lfd) {
                    accept();
                    continue;
                }
                Conn c = conns[fd];
                if (c == null) {
                    continue;
                }
                if ((what & EPOLLOUT) != 0) {
                    flush(c);
                }
                if ((what & (EPOLLIN | EPOLLHUP | EPOLLERR)) != 0 && conns[fd] == c) {
                    long r = Sys.read(fd, rbuf, READ_SIZE);
                    Counts.reads++;
                    if (r > 0) {
                        if (!s.received(c, rbuf, 0, (int) r)) {
                            c.closing = true;
                        }
                        if (c.dirty) {
                            c.dirty = false;
                            dirty.add(c);
                        }
                    } else if (r == 0 || Sys.errno() != Sys.EAGAIN) {
                        close(c);
                    }
                }
            }
            // replies go out after every ready socket was read, as Redis's beforeSleep writes them
            for (int i = 0; i < dirty.size(); i++) {
                Conn c = dirty.get(i);
                if (conns[c.fd] == c) {
                    flush(c);
                }
            }
            dirty.clear();
        }
    }

    private void accept() throws Throwable {
        while (true) {
            int fd = Sys.accept4(lfd, Sys.SOCK_NONBLOCK | Sys.SOCK_CLOEXEC);
            if (fd < 0) {
                int e = Sys.errno();
                if (e == Sys.EAGAIN || e == Sys.EINTR) {
                    return;
                }
                throw new SysError("accept4", e);
            }
            Sys.setsockoptInt(fd, Sys.IPPROTO_TCP, Sys.TCP_NODELAY, 1);
            conns[fd] = new Conn(fd, ++gen);
            ctl(CTL_ADD, fd, EPOLLIN);
        }
    }

    /** Writes what is staged; a short write waits for EPOLLOUT, as the socket's buffer is full. */
    private void flush(Conn c) throws Throwable {
        while (true) {
            int n = c.stage();
            if (n == 0) {
                break;
            }
            long w = Sys.write(c.fd, c.send.asSlice(c.sendOff), n);
            Counts.writes++;
            if (w < 0) {
                int e = Sys.errno();
                if (e == Sys.EAGAIN) {
                    break;
                }
                close(c);
                return;
            }
            c.sendOff += (int) w;
            if (w < n) {
                break;
            }
        }
        boolean pending = c.sendOff < c.sendEnd || c.outLen > 0;
        if (!pending && c.closing) {
            close(c);
            return;
        }
        if (pending != c.wantOut) {
            c.wantOut = pending;
            ctl(CTL_MOD, c.fd, pending ? EPOLLIN | EPOLLOUT : EPOLLIN);
        }
    }

    private void close(Conn c) throws Throwable {
        conns[c.fd] = null;
        Sys.epollCtl(ep, CTL_DEL, c.fd, ev); // closing would drop it too; done first so the fd can be reused at once
        Sys.close(c.fd);
    }
}

/** io_uring's constants and struct offsets, from the kernel's include/uapi/linux/io_uring.h (x86_64). */
final class Uring {
    static final long SYS_SETUP = 425, SYS_ENTER = 426, SYS_REGISTER = 427;
    static final int SETUP_CQSIZE = 1 << 3, SETUP_COOP_TASKRUN = 1 << 8, SETUP_SINGLE_ISSUER = 1 << 12,
            SETUP_DEFER_TASKRUN = 1 << 13;
    static final int FEAT_SINGLE_MMAP = 1;
    static final int ENTER_GETEVENTS = 1;
    static final int OP_ACCEPT = 13, OP_SEND = 26, OP_RECV = 27;
    static final int SQE_BUFFER_SELECT = 1 << 5;
    static final int RECV_MULTISHOT = 1 << 1, ACCEPT_MULTISHOT = 1;
    static final int CQE_F_BUFFER = 1, CQE_F_MORE = 2, CQE_BUFFER_SHIFT = 16;
    static final long OFF_SQ_RING = 0, OFF_CQ_RING = 0x8000000L, OFF_SQES = 0x10000000L;
    static final int REGISTER_PBUF_RING = 22;

    // struct io_uring_params: 40 bytes, then io_sqring_offsets (40) at 40, io_cqring_offsets (40) at 80
    static final int P_SQ_ENTRIES = 0, P_CQ_ENTRIES = 4, P_FLAGS = 8, P_FEATURES = 20, P_SIZE = 120;
    static final int SQ_HEAD = 40, SQ_TAIL = 44, SQ_MASK = 48, SQ_ENTRIES = 52, SQ_FLAGS = 56, SQ_DROPPED = 60,
            SQ_ARRAY = 64;
    static final int CQ_HEAD = 80, CQ_TAIL = 84, CQ_MASK = 88, CQ_ENTRIES = 92, CQ_OVERFLOW = 96, CQ_CQES = 100;

    // struct io_uring_sqe, 64 bytes
    static final int SQE_SIZE = 64, SQE_OPCODE = 0, SQE_FLAGS = 1, SQE_IOPRIO = 2, SQE_FD = 4, SQE_OFF = 8,
            SQE_ADDR = 16, SQE_LEN = 24, SQE_OP_FLAGS = 28, SQE_USER_DATA = 32, SQE_BUF_GROUP = 40;
    // struct io_uring_cqe, 16 bytes
    static final int CQE_SIZE = 16, CQE_USER_DATA = 0, CQE_RES = 8, CQE_FLAGS = 12;
}

/** Completions: multishot accept and receive, provided buffers, sends batched into the next enter. */
final class UringLoop {
    private static final VarHandle INT = JAVA_INT.varHandle();
    private static final VarHandle SHORT = JAVA_SHORT.varHandle();
    private static final long K_ACCEPT = 1, K_RECV = 2, K_SEND = 3;
    private static final int SQ_ENTRIES = 256, CQ_ENTRIES = 4096;
    /** Provided buffers: as many as a full batch of receives can hold, each as large as epoll's read. */
    private static final int NBUFS = 512, BUF_SIZE = EpollLoop.READ_SIZE, BGID = 0;

    private final Server s;
    private final int lfd;
    private final boolean waitForSends;
    private final int ring;
    private final MemorySegment sq, cq, sqes;
    private final long sqHeadAt, sqTailAt, cqHeadAt, cqTailAt, cqesAt;
    private final int sqMask, cqMask, sqEntries;
    private int sqTail;
    private final MemorySegment bufRing, bufs;
    private short bufTail;
    private final Conn[] conns = new Conn[65536];
    private final ArrayList<Conn> dirty = new ArrayList<>();
    private int gen;
    /** Sends queued for the next enter whose completions will arrive in the ring at once (see run). */
    private int sendsQueued;

    UringLoop(Server s, int lfd, int setupFlags, boolean waitForSends) throws Throwable {
        this.s = s;
        this.lfd = lfd;
        this.waitForSends = waitForSends;
        Arena g = Arena.global();
        MemorySegment p = g.allocate(Uring.P_SIZE, 8);
        p.set(JAVA_INT, Uring.P_FLAGS, setupFlags | Uring.SETUP_CQSIZE);
        p.set(JAVA_INT, Uring.P_CQ_ENTRIES, CQ_ENTRIES);
        long fd = Sys.syscall(Uring.SYS_SETUP, SQ_ENTRIES, p.address(), 0, 0, 0, 0);
        if (fd < 0) {
            throw new SysError("io_uring_setup(" + SQ_ENTRIES + ", flags 0x" + Integer.toHexString(setupFlags) + ")", Sys.errno());
        }
        ring = (int) fd;
        sqEntries = p.get(JAVA_INT, Uring.P_SQ_ENTRIES);
        int cqEntries = p.get(JAVA_INT, Uring.P_CQ_ENTRIES);
        int features = p.get(JAVA_INT, Uring.P_FEATURES);
        long sqSize = p.get(JAVA_INT, Uring.SQ_ARRAY) + 4L * sqEntries;
        long cqSize = p.get(JAVA_INT, Uring.CQ_CQES) + (long) Uring.CQE_SIZE * cqEntries;
        if ((features & Uring.FEAT_SINGLE_MMAP) != 0) {
            // one mapping holds both rings since 5.4
            sq = Sys.mmapShared(ring, Math.max(sqSize, cqSize), Uring.OFF_SQ_RING);
            cq = sq;
        } else {
            sq = Sys.mmapShared(ring, sqSize, Uring.OFF_SQ_RING);
            cq = Sys.mmapShared(ring, cqSize, Uring.OFF_CQ_RING);
        }
        sqes = Sys.mmapShared(ring, (long) Uring.SQE_SIZE * sqEntries, Uring.OFF_SQES);
        sqHeadAt = p.get(JAVA_INT, Uring.SQ_HEAD);
        sqTailAt = p.get(JAVA_INT, Uring.SQ_TAIL);
        sqMask = sq.get(JAVA_INT, p.get(JAVA_INT, Uring.SQ_MASK));
        cqHeadAt = p.get(JAVA_INT, Uring.CQ_HEAD);
        cqTailAt = p.get(JAVA_INT, Uring.CQ_TAIL);
        cqMask = cq.get(JAVA_INT, p.get(JAVA_INT, Uring.CQ_MASK));
        cqesAt = p.get(JAVA_INT, Uring.CQ_CQES);
        sqTail = sq.get(JAVA_INT, sqTailAt);
        // slot i of the index array names SQE i for good, so a submission only moves the tail
        long arrayAt = p.get(JAVA_INT, Uring.SQ_ARRAY);
        for (int i = 0; i < sqEntries; i++) {
            sq.set(JAVA_INT, arrayAt + 4L * i, i);
        }

        // the provided buffer ring: 16-byte entries {addr, len, bid}, the tail in the first entry's last 2 bytes
        bufRing = g.allocate(16L * NBUFS, 4096);
        bufs = g.allocate((long) NBUFS * BUF_SIZE, 4096);
        MemorySegment reg = g.allocate(40, 8);
        reg.set(JAVA_LONG, 0, bufRing.address());
        reg.set(JAVA_INT, 8, NBUFS);
        reg.set(JAVA_SHORT, 12, (short) BGID);
        if (Sys.syscall(Uring.SYS_REGISTER, ring, Uring.REGISTER_PBUF_RING, reg.address(), 1, 0, 0) < 0) {
            throw new SysError("io_uring_register(IORING_REGISTER_PBUF_RING, " + NBUFS + " buffers)", Sys.errno());
        }
        for (int bid = 0; bid < NBUFS; bid++) {
            provide(bid);
        }
        publishBuffers();
    }

    private void provide(int bid) {
        long e = 16L * ((bufTail & 0xffff) & (NBUFS - 1));
        bufRing.set(JAVA_LONG, e, bufs.address() + (long) bid * BUF_SIZE);
        bufRing.set(JAVA_INT, e + 8, BUF_SIZE);
        bufRing.set(JAVA_SHORT, e + 12, (short) bid);
        bufTail++;
    }

    /** The kernel may take a buffer as soon as it sees the tail, so the entries must be written first. */
    private void publishBuffers() {
        SHORT.setRelease(bufRing, 14L, bufTail);
    }

    /** A free SQE, zeroed; when the ring is full, what is in it is submitted first (without waiting). */
    private long sqe() throws Throwable {
        int head = (int) INT.getAcquire(sq, sqHeadAt);
        if (sqTail - head == sqEntries) {
            enter(0, 0);
        }
        long at = (long) Uring.SQE_SIZE * (sqTail & sqMask);
        sqes.asSlice(at, Uring.SQE_SIZE).fill((byte) 0);
        sqTail++;
        return at;
    }

    private void accept() throws Throwable {
        long e = sqe();
        sqes.set(JAVA_BYTE, e + Uring.SQE_OPCODE, (byte) Uring.OP_ACCEPT);
        sqes.set(JAVA_INT, e + Uring.SQE_FD, lfd);
        sqes.set(JAVA_SHORT, e + Uring.SQE_IOPRIO, (short) Uring.ACCEPT_MULTISHOT);
        sqes.set(JAVA_INT, e + Uring.SQE_OP_FLAGS, Sys.SOCK_CLOEXEC);
        sqes.set(JAVA_LONG, e + Uring.SQE_USER_DATA, K_ACCEPT << 56);
    }

    private static long data(long kind, Conn c) {
        return kind << 56 | (long) (c.gen & 0xffffff) << 32 | c.fd;
    }

    private void recv(Conn c) throws Throwable {
        long e = sqe();
        sqes.set(JAVA_BYTE, e + Uring.SQE_OPCODE, (byte) Uring.OP_RECV);
        sqes.set(JAVA_BYTE, e + Uring.SQE_FLAGS, (byte) Uring.SQE_BUFFER_SELECT);
        sqes.set(JAVA_SHORT, e + Uring.SQE_IOPRIO, (short) Uring.RECV_MULTISHOT);
        sqes.set(JAVA_INT, e + Uring.SQE_FD, c.fd);
        sqes.set(JAVA_SHORT, e + Uring.SQE_BUF_GROUP, (short) BGID);
        sqes.set(JAVA_LONG, e + Uring.SQE_USER_DATA, data(K_RECV, c));
    }

    private void send(Conn c) throws Throwable {
        long e = sqe();
        sqes.set(JAVA_BYTE, e + Uring.SQE_OPCODE, (byte) Uring.OP_SEND);
        sqes.set(JAVA_INT, e + Uring.SQE_FD, c.fd);
        sqes.set(JAVA_LONG, e + Uring.SQE_ADDR, c.send.address() + c.sendOff);
        sqes.set(JAVA_INT, e + Uring.SQE_LEN, c.sendEnd - c.sendOff);
        // MSG_WAITALL: the kernel sends the rest of a short send itself, so a send's completion asks for
        // nothing more of the loop (see run), unless the connection is closing
        sqes.set(JAVA_INT, e + Uring.SQE_OP_FLAGS, Sys.MSG_NOSIGNAL | Sys.MSG_WAITALL);
        sqes.set(JAVA_LONG, e + Uring.SQE_USER_DATA, data(K_SEND, c));
        c.sending = true;
        if (!c.closing) {
            sendsQueued++;
        }
    }

    /** Submits what is queued and, with minComplete > 0, waits until that many completions are in the ring. */
    private int enter(int minComplete, int flags) throws Throwable {
        while (true) {
            int toSubmit = sqTail - (int) INT.getAcquire(sq, sqHeadAt);
            INT.setRelease(sq, sqTailAt, sqTail);
            long r = minComplete > 0
                    ? Sys.syscall(Uring.SYS_ENTER, ring, toSubmit, minComplete, flags, 0, 0)
                    : Sys.syscallCritical(Uring.SYS_ENTER, ring, toSubmit, 0, flags, 0, 0);
            Counts.enters++;
            if (r >= 0) {
                return (int) r;
            }
            int e = Sys.errno();
            if (e != Sys.EINTR && e != Sys.EAGAIN && e != 16 /* EBUSY: completions to reap first */) {
                throw new SysError("io_uring_enter", e);
            }
            if (e != Sys.EINTR) {
                return 0;
            }
        }
    }

    void run() throws Throwable {
        accept();
        while (true) {
            /*
             * A send to a loopback socket usually completes during the very enter that submits it, and
             * its completion would then satisfy a wait for one and return at once: a second enter per
             * batch. With --wait sends the enter waits for one completion more than the sends it carries,
             * so it returns when a receive (or anything else) has arrived too. That is safe only because a
             * completed send needs no answer: replies made while it was out are made after this enter
             * returns, a short send is finished by the kernel (MSG_WAITALL), and a closing connection's
             * send, which needs the close after it, is not counted.
             */
            int want = waitForSends ? sendsQueued + 1 : 1;
            sendsQueued = 0;
            enter(want, Uring.ENTER_GETEVENTS);
            Counts.waits++;
            int head = cq.get(JAVA_INT, cqHeadAt);
            int tail = (int) INT.getAcquire(cq, cqTailAt);
            boolean buffersBack = false;
            while (head != tail) {
                long e = cqesAt + (long) Uring.CQE_SIZE * (head & cqMask);
                long ud = cq.get(JAVA_LONG, e + Uring.CQE_USER_DATA);
                int res = cq.get(JAVA_INT, e + Uring.CQE_RES);
                int flags = cq.get(JAVA_INT, e + Uring.CQE_FLAGS);
                head++;
                long kind = ud >>> 56;
                if (kind == K_ACCEPT) {
                    accepted(res, flags);
                    continue;
                }
                int fd = (int) ud;
                int g = (int) (ud >>> 32) & 0xffffff;
                Conn c = conns[fd];
                if (kind == K_RECV) {
                    if ((flags & Uring.CQE_F_BUFFER) != 0) {
                        int bid = flags >>> Uring.CQE_BUFFER_SHIFT;
                        if (res > 0 && c != null && (c.gen & 0xffffff) == g && !c.closing) {
                            if (!s.received(c, bufs, (long) bid * BUF_SIZE, res)) {
                                c.closing = true;
                            }
                            if (c.dirty) {
                                c.dirty = false;
                                dirty.add(c);
                            }
                        }
                        provide(bid); // the bytes are copied out: the buffer can take the next receive
                        buffersBack = true;
                    }
                    if ((flags & Uring.CQE_F_MORE) == 0 && c != null && (c.gen & 0xffffff) == g) {
                        if (res == -Sys.ENOBUFS && !c.closing) {
                            recv(c); // buffers ran out for a moment: arm it again
                        } else if (res <= 0) {
                            c.closing = true;
                            closeWhenIdle(c);
                        } else if (!c.closing) {
                            recv(c);
                        }
                    }
                } else if (kind == K_SEND && c != null && (c.gen & 0xffffff) == g) {
                    c.sending = false;
                    if (res < 0) {
                        c.closing = true;
                        c.sendOff = c.sendEnd;
                        c.outLen = 0;
                        closeWhenIdle(c);
                    } else {
                        c.sendOff += res;
                        if (c.stage() > 0 && !c.dirty) {
                            dirty.add(c); // a short send, or replies that waited for it
                            c.dirty = true;
                        } else if (c.closing) {
                            closeWhenIdle(c);
                        }
                    }
                }
            }
            INT.setRelease(cq, cqHeadAt, head);
            if (buffersBack) {
                publishBuffers();
            }
            // one send per connection with every reply of this batch, submitted by the next enter
            for (int i = 0; i < dirty.size(); i++) {
                Conn c = dirty.get(i);
                c.dirty = false;
                if (conns[c.fd] != c || c.sending) {
                    continue;
                }
                if (c.stage() > 0) {
                    send(c);
                } else if (c.closing) {
                    closeWhenIdle(c);
                }
            }
            dirty.clear();
        }
    }

    private void accepted(int res, int flags) throws Throwable {
        if ((flags & Uring.CQE_F_MORE) == 0) {
            accept(); // a multishot accept ends on an error (EMFILE...): arm a new one
        }
        if (res < 0) {
            return;
        }
        Sys.setsockoptInt(res, Sys.IPPROTO_TCP, Sys.TCP_NODELAY, 1);
        Conn c = new Conn(res, ++gen);
        conns[res] = c;
        recv(c);
    }

    /**
     * Closes once nothing of the connection is in the kernel's hands: an armed receive holds the socket
     * open whatever close does, so it is shut down first; a send in flight still reads our buffer.
     */
    private void closeWhenIdle(Conn c) throws Throwable {
        if (conns[c.fd] != c || c.sending) {
            return;
        }
        if (c.stage() > 0) {
            if (!c.dirty) {
                c.dirty = true;
                dirty.add(c); // its last replies (an error's) go out first
            }
            return;
        }
        conns[c.fd] = null;
        Sys.shutdown(c.fd);
        Sys.close(c.fd);
    }
}
