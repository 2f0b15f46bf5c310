package jab.kv.server;

import java.io.IOException;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.epoll.EpollSocketChannel;

/**
 * A batch of replies written with one write(2) on an epoll connection's socket, as Redis writes its
 * client buffer, instead of through Netty's outbound queue (an entry, pending-byte counters, the
 * buffer released and a new one taken per batch): the connection keeps its buffer for the next
 * batch. Only when nothing is queued in Netty already, so replies stay in order; what the socket does
 * not take at once (its send buffer full), and any error, is left to Netty's own write, which waits
 * for the socket or closes the connection as before.
 */
final class SocketWrite {
    private SocketWrite() {
    }

    /** Writes what it can of {@code replies} now, advancing its reader index; true when all of it went. */
    static boolean writeNow(Channel channel, ByteBuf replies) {
        if (!(channel instanceof EpollSocketChannel) || !replies.hasMemoryAddress()) {
            return false;
        }
        ChannelOutboundBuffer queued = channel.unsafe().outboundBuffer();
        if (queued == null || queued.totalPendingWriteBytes() != 0) {
            return false; // closed, or replies still waiting in Netty: they must leave first
        }
        try {
            int n = ((EpollSocketChannel) channel).fd().writeAddress(replies.memoryAddress(), replies.readerIndex(),
                    replies.writerIndex());
            replies.skipBytes(Math.max(0, n));
        } catch (IOException e) {
            return false; // a reset or closed peer: Netty's write meets the same error and closes
        }
        return !replies.isReadable();
    }
}
