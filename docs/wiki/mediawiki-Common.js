/* Looney Pyramids games in this wiki's pages: each {{Pyramids|src=…}} becomes the game's frame.
 * Copy this into MediaWiki:Common.js (an interface administrator can), with SITE set to where the app is
 * published, and create Template:Pyramids from docs/wiki/mediawiki-Template.wikitext.  Only frames of that site are
 * made: an editor cannot point the template at any other page.  A reader without scripts sees a link.
 * (The app's docs/wiki.md; the app's Embed box writes the template's code, "For: MediaWiki".)
 */
( function () {
	var SITE = 'https://example.org/games/pyramids/'; // where the app is published: its folder, ending in /
	var PAGE = SITE + 'embed.html#';

	function size( value, fallback ) {
		var number = parseInt( value, 10 );
		return number >= 100 && number <= 2000 ? number : fallback;
	}

	function frame( holder ) {
		var src = holder.getAttribute( 'data-src' ) || '';
		if ( src.indexOf( PAGE ) !== 0 ) {
			return;
		}
		var iframe = document.createElement( 'iframe' );
		iframe.src = src;
		iframe.title = holder.getAttribute( 'data-title' ) || 'A Looney Pyramids game';
		iframe.width = String( size( holder.getAttribute( 'data-width' ), 400 ) );
		iframe.height = String( size( holder.getAttribute( 'data-height' ), 472 ) );
		iframe.loading = 'lazy';
		iframe.style.border = '0';
		iframe.style.maxWidth = '100%';
		holder.textContent = '';
		holder.appendChild( iframe );
	}

	mw.hook( 'wikipage.content' ).add( function ( $content ) {
		$content.find( '.pyramids-embed' ).each( function () {
			frame( this );
		} );
	} );
}() );
