package io.abk.billing.systemtests.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy on 127.0.0.1 in front of the stack's gateway that can drop one answer: once {@link #cutNext armed}, the
 * first answer bytes the gateway sends back, on whichever connection, are not passed on and that client connection is
 * closed. The request that caused them reached the gateway in full and was acted on; the client sees a connection
 * error and never the answer, as when a network fails between a command and its reply. Connections are kept alive
 * across requests as the client asks, so a client that reuses connections is cut on its next answer too.
 */
final class CuttingProxy implements AutoCloseable {

    /** Connecting to the gateway on this machine takes milliseconds; a stack that does not answer in this is down. */
    private static final int CONNECT_TIMEOUT_MS = 10_000;

    private final ServerSocket server;
    private final InetSocketAddress gateway;
    private final AtomicBoolean armed = new AtomicBoolean();
    private final AtomicInteger cuts = new AtomicInteger();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();

    private CuttingProxy(ServerSocket server, InetSocketAddress gateway) {
        this.server = server;
        this.gateway = gateway;
    }

    /** A proxy to {@code gatewayUrl}'s host and port, accepting connections on a free port. */
    static CuttingProxy start(String gatewayUrl) {
        var uri = URI.create(gatewayUrl);
        try {
            var server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            var proxy = new CuttingProxy(server, new InetSocketAddress(uri.getHost(), uri.getPort()));
            Thread.ofVirtual().name("cutting-proxy-accept").start(proxy::accept);
            return proxy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    /** Drops the next answer that comes back through the proxy and closes its client connection. */
    void cutNext() {
        armed.set(true);
    }

    /** How many answers were dropped. */
    int cuts() {
        return cuts.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                var client = server.accept();
                Thread.ofVirtual().name("cutting-proxy-connection").start(() -> relay(client));
            } catch (IOException e) {
                // closed: the proxy is shutting down
            }
        }
    }

    private void relay(Socket client) {
        open.add(client);
        var upstream = new Socket();
        open.add(upstream);
        try {
            upstream.connect(gateway, CONNECT_TIMEOUT_MS);
            Thread.ofVirtual().name("cutting-proxy-request").start(() -> pump(client, upstream, false));
            pump(upstream, client, true);
        } catch (IOException e) {
            closeBoth(client, upstream);
        }
    }

    /**
     * Copies bytes from {@code from} to {@code to} until either side closes, then closes both (HTTP clients never
     * half-close a kept-alive connection). On the answer side, an armed cut takes the first bytes read instead.
     */
    private void pump(Socket from, Socket to, boolean answers) {
        try {
            var in = from.getInputStream();
            var out = to.getOutputStream();
            var buffer = new byte[16 * 1024];
            int read;
            while ((read = in.read(buffer)) >= 0) {
                if (answers && armed.compareAndSet(true, false)) {
                    cuts.incrementAndGet();
                    return;
                }
                out.write(buffer, 0, read);
                out.flush();
            }
        } catch (IOException e) {
            // one side closed or was cut: the connection ends
        } finally {
            closeBoth(from, to);
        }
    }

    private void closeBoth(Socket first, Socket second) {
        close(first);
        close(second);
    }

    private void close(Socket socket) {
        open.remove(socket);
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // already closed
        }
        open.forEach(this::close);
    }
}
