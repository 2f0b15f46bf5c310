package jab.kv.server;

import io.netty.channel.Channel;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;

/**
 * How the server's event loops wait for and move bytes: Netty's native epoll (one readiness wait,
 * then a read and a write system call per connection and pass), io_uring (reads and writes queued
 * and submitted together, fewer system calls when many connections are ready at once) or the JDK's
 * NIO selector (everywhere, the slowest).
 */
public enum Transport {
    EPOLL("epoll"),
    IO_URING("io_uring"),
    NIO("nio");

    private final String label;

    Transport(String label) {
        this.label = label;
    }

    /** The name users give and INFO shows (Redis's multiplexing_api words: epoll, ...). */
    public String label() {
        return label;
    }

    /** The transport named (epoll, io_uring, nio), or null. */
    public static Transport named(String name) {
        for (Transport t : values()) {
            if (t.label.equals(name)) {
                return t;
            }
        }
        return null;
    }

    public boolean available() {
        switch (this) {
            case EPOLL:
                return Epoll.isAvailable();
            case IO_URING:
                return IoUring.isAvailable();
            default:
                return true;
        }
    }

    /** Why this transport cannot run here (Netty's own reason), for a refusal. */
    public String unavailability() {
        switch (this) {
            case EPOLL:
                return String.valueOf(Epoll.unavailabilityCause());
            case IO_URING:
                return String.valueOf(IoUring.unavailabilityCause());
            default:
                return "";
        }
    }

    /** Without a choice: epoll where Netty has it (Linux), else NIO. */
    public static Transport auto() {
        return EPOLL.available() ? EPOLL : NIO;
    }

    /** Event loops of this transport, for servers and clients (the load generator) alike. */
    public IoHandlerFactory ioHandlers() {
        switch (this) {
            case EPOLL:
                return EpollIoHandler.newFactory();
            case IO_URING:
                return IoUringIoHandler.newFactory();
            default:
                return NioIoHandler.newFactory();
        }
    }

    /**
     * The server's event loops: on epoll, with replies written and waits coalesced before each wait
     * ({@link BeforeWait}); otherwise as {@link #ioHandlers()}.
     */
    IoHandlerFactory serverIoHandlers() {
        return this == EPOLL ? EpollIoHandler.newFactory(0, BeforeWait::new) : ioHandlers();
    }

    /** A client connection of this transport. */
    public Class<? extends Channel> socketChannel() {
        switch (this) {
            case EPOLL:
                return EpollSocketChannel.class;
            case IO_URING:
                return IoUringSocketChannel.class;
            default:
                return NioSocketChannel.class;
        }
    }

    Class<? extends ServerChannel> serverChannel() {
        switch (this) {
            case EPOLL:
                return EpollServerSocketChannel.class;
            case IO_URING:
                return IoUringServerSocketChannel.class;
            default:
                return NioServerSocketChannel.class;
        }
    }
}
