package io.abk.billing.systemtests.stack;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Closes the stacks other classes share ({@link SharedStack}, {@link ChainStack}) before a class that runs alone
 * ({@code @Isolated}) starts a stack of its own. Closing an in-process stack's Spring applications disposes Reactor
 * Netty's JVM-wide event loops, which every in-process gateway runs on, so a stack is never closed while another one
 * serves; and the class then has the machine to itself. A class that shares a stack after it starts that one again.
 */
public final class SharedStacksClosed implements BeforeAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        SharedStack.closeIfRunning(context);
        ChainStack.closeIfRunning(context);
    }
}
