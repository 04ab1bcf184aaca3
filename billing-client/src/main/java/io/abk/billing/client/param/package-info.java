/** The request bodies and list queries, immutable, each made by its builder; unset fields are not sent. */
@NullMarked
package io.abk.billing.client.param;

import org.jspecify.annotations.NullMarked;
