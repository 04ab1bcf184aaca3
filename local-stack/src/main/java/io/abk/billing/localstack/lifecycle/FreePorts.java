package io.abk.billing.localstack.lifecycle;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Resolves "port 0" to a concrete free port before a part starts, because the broker, PostgreSQL and each service
 * process must know their port up front (advertised listeners, JDBC URLs, the fleet's health checks).
 *
 * <p>A picked port is bound only later: PostgreSQL binds after its initdb, a service process once its JVM has started,
 * seconds on a busy machine. A port of the kernel's ephemeral range could meanwhile be handed to anyone: another
 * process's listener on port 0, or the local end of any outgoing connection. That happened: PostgreSQL could not bind
 * its port, a web server of another stack answered on it, and the stack's first connection waited for a reply until
 * the start gave up. So ports are picked below the ephemeral range, where only an explicit bind takes one, and never
 * handed out twice by this JVM (until it binds, a port picked before is still free to a second pick).
 */
public final class FreePorts {

    /** The lowest port picked: above the well-known and most registered ones. */
    private static final int LOW = 20_000;
    /** The first port of the kernel's ephemeral range (Linux's {@code ip_local_port_range}). */
    private static final int EPHEMERAL_LOW = ephemeralLow();

    private static final int ATTEMPTS = 1_000;

    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private FreePorts() {}

    /** {@code port} itself, or a {@linkplain #pick picked} free port when {@code port} is 0. */
    public static int resolve(int port) {
        return port != 0 ? port : pick();
    }

    /**
     * A port free on the loopback interface right now, below the ephemeral range, that this JVM has not handed out
     * before.
     */
    public static int pick() {
        var loopback = InetAddress.getLoopbackAddress();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = LOW + ThreadLocalRandom.current().nextInt(EPHEMERAL_LOW - LOW);
            if (HANDED_OUT.contains(port)) {
                continue;
            }
            try (var probe = new ServerSocket(port, 1, loopback)) {
                if (HANDED_OUT.add(port)) {
                    return port;
                }
            } catch (IOException taken) {
                // Something listens there already: try another.
            }
        }
        throw new IllegalStateException("no free TCP port on the loopback interface in " + LOW + ".." + EPHEMERAL_LOW);
    }

    /** True when something accepts connections on {@code port} of the loopback interface. */
    public static boolean isListening(int port) {
        try (var socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    // readAllLines, not readString: readString trusts the size a /proc file reports and returns its first byte only.
    private static int ephemeralLow() {
        try {
            var range = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
                    .getFirst()
                    .trim()
                    .split("\\s+");
            return Math.max(LOW + 1_000, Math.min(Integer.parseInt(range[0]), 65_536));
        } catch (IOException | RuntimeException notLinux) {
            return 32_768;
        }
    }
}
