/**
 * What happens to a record that billing-streams cannot process (a bug, never a business rejection): it goes to
 * the dead-letter topic with its original bytes and the reason, is logged at ERROR, and the app carries on.
 */
@NullMarked
package io.abk.billing.streams.errors;

import org.jspecify.annotations.NullMarked;
