"""insert -> find -> upload -> download with the client openapi-python-client generated from the
node's openapi.json (package `cella_client`), as the token's user. Prints what it saw as JSON.

    python3 round_trip.py <node url> <access token> <name>
"""
import io
import json
import sys

from cella_client import AuthenticatedClient
from cella_client.api.database import create_collection, find_documents, insert_documents
from cella_client.api.files import download_file, upload_file
from cella_client.models import (
    CreateCollectionRequest,
    Document,
    FindResult,
    InsertRequest,
    InsertResult,
    UploadResult,
)
from cella_client.types import File


def round_trip(base_url: str, token: str, name: str) -> dict[str, object]:
    client = AuthenticatedClient(base_url=base_url, token=token)
    collection = "notes_" + name.replace("-", "_")
    create_collection.sync_detailed(client=client, body=CreateCollectionRequest(name=collection))
    inserted = insert_documents.sync(
        collection,
        client=client,
        body=InsertRequest(
            document=[Document.from_dict({"title": "first", "n": 1}), Document.from_dict({"title": "second", "n": 2})]
        ),
    )
    assert isinstance(inserted, InsertResult), inserted
    found = find_documents.sync(collection, client=client, filter_=json.dumps({"n": {"$gte": 1}}), sort='{"n":1}')
    assert isinstance(found, FindResult), found
    path = "clients/" + name + "/hello.txt"
    content = ("uploaded by the " + name + " client").encode()
    uploaded = upload_file.sync(path, client=client, body=File(payload=io.BytesIO(content)))
    assert isinstance(uploaded, UploadResult), uploaded
    downloaded = download_file.sync_detailed(path, client=client)
    assert downloaded.status_code == 200, downloaded
    return {
        "insertedIds": inserted.inserted_ids,
        "foundTitles": [item.additional_properties["title"] for item in found.items],
        "cid": uploaded.cid,
        "downloaded": downloaded.content.decode(),
    }


if __name__ == "__main__":
    print(json.dumps(round_trip(sys.argv[1], sys.argv[2], sys.argv[3])))
