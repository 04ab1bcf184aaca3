package io.abk.billing.systemtests.stack;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Closes the stacks other classes share ({@link SharedStack}, {@link ChainStack}) before a class that runs alone
 * ({@code @Isolated}) starts a stack of its own, so the class has the machine to itself: its bounds on answer times,
 * or its processes' start, assume nothing else runs. A class that shares a stack after it starts that one again.
 */
public final class SharedStacksClosed implements BeforeAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        SharedStack.closeIfRunning(context);
        ChainStack.closeIfRunning(context);
    }
}
