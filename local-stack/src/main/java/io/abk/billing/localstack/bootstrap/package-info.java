/** Secrets of the local stack (admin token, demo keys): generated once, persisted, overridden by the environment. */
@NullMarked
package io.abk.billing.localstack.bootstrap;

import org.jspecify.annotations.NullMarked;
