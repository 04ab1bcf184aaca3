/** Checks that the repository's Markdown documentation stays true to the repository: links, anchors, quoted sources. */
@NullMarked
package io.abk.billing.systemtests.docs;

import org.jspecify.annotations.NullMarked;
