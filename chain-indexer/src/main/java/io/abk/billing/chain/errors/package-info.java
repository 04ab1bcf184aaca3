/**
 * What happens to a record chain-indexer cannot handle: an exception while processing it, or bytes it cannot
 * decode, is a bug, never a business answer. The record goes to {@code chain.indexer-dlt} with its original bytes
 * and the reason in headers, is logged at ERROR, and nothing is answered for it. A failing stream thread is
 * streams-kit's concern (it shuts the app down so health reports it).
 */
@NullMarked
package io.abk.billing.chain.errors;

import org.jspecify.annotations.NullMarked;
