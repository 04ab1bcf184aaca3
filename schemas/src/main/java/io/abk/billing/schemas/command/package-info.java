/**
 * The envelopes of the commands one service sends to a billing aggregate (a payment a link mints, a renewal that is
 * due, a chain request's answer): one place that knows the fields every command envelope carries.
 */
@NullMarked
package io.abk.billing.schemas.command;

import org.jspecify.annotations.NullMarked;
