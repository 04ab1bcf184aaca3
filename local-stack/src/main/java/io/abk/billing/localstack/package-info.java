/** The one-command local run: its configuration, the stack that starts every part in order, and the main. */
@NullMarked
package io.abk.billing.localstack;

import org.jspecify.annotations.NullMarked;
