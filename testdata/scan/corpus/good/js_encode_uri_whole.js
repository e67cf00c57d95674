fetch(encodeURI(iri));
