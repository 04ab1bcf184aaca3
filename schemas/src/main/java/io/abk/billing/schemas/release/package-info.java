/** The list of message schemas under version control and the tool that records a new released version. */
@NullMarked
package io.abk.billing.schemas.release;

import org.jspecify.annotations.NullMarked;
